import Metrics
import SIWAButtons

/// Names of the service's metrics that a metrics backend may want to configure (the
/// render-time histogram's buckets: renders take milliseconds, most backends' default
/// buckets start higher). The library only records through swift-metrics' API; the
/// process that hosts it bootstraps a backend (`siwa-buttons serve`: Prometheus).
public enum ServiceMetricLabels {
    /// The render-time histogram (seconds), by format.
    public static let renderDuration = "siwa_render_duration_seconds"
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
            durations[format] = Metrics.Timer(
                label: ServiceMetricLabels.renderDuration,
                dimensions: [("format", format.rawValue)])
        }
        self.durations = durations
    }

    func recordRender(_ format: OutputFormat, nanoseconds: Int64) {
        durations[format]?.recordNanoseconds(nanoseconds)
    }
}
