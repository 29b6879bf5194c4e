import Hummingbird

/// What `/metrics` answers: the text exposition of the metrics backend that the process
/// bootstrapped (`siwa-buttons serve`: Prometheus' text format).
public struct MetricsExposition: Sendable {
    public let contentType: String
    public let body: @Sendable () -> [UInt8]

    public init(contentType: String, body: @escaping @Sendable () -> [UInt8]) {
        self.contentType = contentType
        self.body = body
    }
}

/// `/healthz` for load balancers and `/metrics` for Prometheus.
enum OperationalRoutes {
    static func register<Context: RequestContext>(on router: Router<Context>, metrics: MetricsExposition?) {
        // The process answers, so it is healthy: fonts were loaded and the render
        // threads started before the server began listening.
        // HEAD too: some load balancers probe with it.
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/healthz", method: method) { request, _ in
                PlainText.response(.ok, "ok\n", for: request, headers: [.cacheControl: "no-store"])
            }
        }
        guard let metrics else { return }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: metrics.contentType, .cacheControl: "no-store"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.body())))
        }
    }
}
