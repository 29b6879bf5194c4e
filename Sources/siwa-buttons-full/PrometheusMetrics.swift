import Metrics
import Prometheus
import SIWAServer

/// The process's metrics backend, bootstrapped by `serve` (never by the library: a host
/// app that mounts the routes keeps its own), and what `/metrics` answers with.
enum PrometheusMetrics {
    /// Bootstraps swift-metrics with a Prometheus registry; call once per process.
    static func bootstrap() -> MetricsExposition {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Renders take milliseconds; the default buckets start at 5 ms.
        factory.durationHistogramBuckets[ServiceMetricLabels.renderDuration] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        MetricsSystem.bootstrap(factory)
        return MetricsExposition(contentType: "text/plain; version=0.0.4; charset=utf-8") { registry.emitToBuffer() }
    }
}
