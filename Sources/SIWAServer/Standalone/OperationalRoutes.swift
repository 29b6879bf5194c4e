import Hummingbird
import SIWAButtons

/// What `/metrics` answers: the text exposition of the metrics backend that the process
/// bootstrapped (`siwa-buttons serve`: Prometheus' text format).
public struct MetricsExposition: Sendable {
    /// The Content-Type of the answer (for Prometheus, `text/plain; version=0.0.4; charset=utf-8`).
    public let contentType: String
    /// The exposition at the time of the request.
    public let body: @Sendable () -> [UInt8]

    /// An exposition for `/metrics`.
    /// - Parameters:
    ///   - contentType: the Content-Type of the answer.
    ///   - body: called for each request of `/metrics`.
    public init(contentType: String, body: @escaping @Sendable () -> [UInt8]) {
        self.contentType = contentType
        self.body = body
    }
}

/// `/healthz` (liveness) and `/readyz` (readiness) for load balancers and orchestrators,
/// and `/metrics` for Prometheus: mounted by `ButtonRoutes` with `Options.operational`.
enum OperationalRoutes {
    static let healthz = "/healthz"
    static let readyz = "/readyz"
    static let metrics = "/metrics"

    static func register<Context: RequestContext>(
        on routes: RouteCollection<Context>, service: ButtonService,
        metrics exposition: MetricsExposition?
    ) {
        // HEAD too: some load balancers probe with it.
        for method in [HTTPRequest.Method.get, .head] {
            // Alive unless the render threads are stuck (a restart is the only cure).
            routes.on(RouterPath(healthz), method: method) { request, _ in answer(service.liveness, request) }
            // Ready unless also draining after SIGTERM or shedding load (503s from the queue).
            routes.on(RouterPath(readyz), method: method) { request, _ in answer(service.readiness, request) }
        }
        guard let exposition else { return }
        routes.get(RouterPath(metrics)) { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: exposition.contentType, .cacheControl: "no-store",
                    .xContentTypeOptions: "nosniff",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: exposition.body())))
        }
    }

    private static func answer(_ status: ButtonService.Status, _ request: Request) -> Response {
        switch status {
        case .ok:
            // The release on the line after, for whoever checks what a pod runs.
            PlainText.response(.ok, "ok\nsiwa-buttons \(PackageVersion.current)\n", for: request, headers: [.cacheControl: "no-store"])
        case .failing(let reason):
            PlainText.response(.serviceUnavailable, reason + "\n", for: request, headers: [.cacheControl: "no-store"])
        }
    }
}
