import Metrics
import SIWAButtons
import Prometheus

/// The Prometheus registry behind `/metrics`. swift-metrics allows one backend per
/// process, so the first application built bootstraps it and every later one (tests
/// build many) shares it. Hummingbird's MetricsMiddleware and our own metrics all go
/// through swift-metrics into this registry.
enum MetricsBackend {
    static let renderDurationLabel = "siwa_render_duration_seconds"

    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Renders take milliseconds; the default buckets start at 5 ms.
        factory.durationHistogramBuckets[renderDurationLabel] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }()
}

/// The service's own metrics, beside MetricsMiddleware's `hb_requests` (by route,
/// method and status) and `http_server_request_duration`.
struct CacheMetrics: Sendable {
    let hits = Counter(label: "siwa_cache_hits_total")
    /// Renders that ran (requests refused with 503 are `siwa_render_rejected_total`).
    let misses = Counter(label: "siwa_cache_misses_total")
    /// Requests that joined a render already under way for the same image.
    let coalesced = Counter(label: "siwa_cache_coalesced_total")
    let evictions = Counter(label: "siwa_cache_evictions_total")
    let bytes = Gauge(label: "siwa_cache_bytes")
    let entries = Gauge(label: "siwa_cache_entries")
    /// Renders refused because the render queue was full (answered 503).
    let rejected = Counter(label: "siwa_render_rejected_total")
    let failures = Counter(label: "siwa_render_failures_total")
    private let durations: [OutputFormat: Metrics.Timer]

    init() {
        var durations: [OutputFormat: Metrics.Timer] = [:]
        for format in OutputFormat.allCases {
            durations[format] = Metrics.Timer(label: MetricsBackend.renderDurationLabel,
                                              dimensions: [("format", format.rawValue)])
        }
        self.durations = durations
    }

    func recordRender(_ format: OutputFormat, nanoseconds: Int64) {
        durations[format]?.recordNanoseconds(nanoseconds)
    }
}
