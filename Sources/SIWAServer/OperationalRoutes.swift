import Hummingbird
import Prometheus

/// `/healthz` for load balancers and `/metrics` for Prometheus.
enum OperationalRoutes {
    static func register<Context: RequestContext>(on router: Router<Context>, registry: PrometheusCollectorRegistry) {
        // The process answers, so it is healthy: fonts were loaded and the render
        // threads started before the server began listening.
        // HEAD too: some load balancers probe with it.
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/healthz", method: method) { request, _ in
                PlainText.response(.ok, "ok\n", for: request, headers: [.cacheControl: "no-store"])
            }
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok,
                     headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
    }
}
