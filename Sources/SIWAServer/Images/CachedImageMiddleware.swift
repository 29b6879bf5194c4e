import Dispatch
import Hummingbird
import Logging
import Metrics
import SIWAButtons

/// The hot path: a GET or HEAD for an image already in the cache is answered here,
/// first in the chain, instead of after every middleware and the router. Everything
/// those would have done to such an answer is done here too: the access-log line, the
/// same `hb_requests` counter and duration histogram (same labels) as Hummingbird's
/// MetricsMiddleware, the 304 for a matching `If-None-Match`. Requests with an
/// `Origin` (CORS), a long target, or anything not cached go the long way unchanged.
struct CachedImageMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache: RenderCache
    let maxURILength: Int
    let accessLog: AccessLogMiddleware<Context>
    /// Only targets the image routes would serve as they are (no redirect, no refused `v=`) are answered here.
    let urls: ImageURLPolicy
    private let metrics = HitMetrics()

    init(cache: RenderCache, maxURILength: Int, accessLog: AccessLogMiddleware<Context>, urls: ImageURLPolicy = .standard) {
        self.cache = cache
        self.maxURILength = maxURILength
        self.accessLog = accessLog
        self.urls = urls
    }

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let started = DispatchTime.now().uptimeNanoseconds
        guard request.method == .get || request.method == .head, request.headers[.origin] == nil,
            let endpoint = Endpoint(rawValue: request.uri.path),
            request.uri.string.utf8.count <= maxURILength,
            let answer = cache.cachedAnswer(
                forTarget: request.uri.string,
                key: {
                    guard let parsed = try? ButtonRequest.parse(path: endpoint.path, query: request.uri.query),
                        urls.serves(parsed, path: endpoint.path, query: ImageRoutes<Context>.rawQuery(request))
                    else { return nil }
                    return RenderKey(parsed)
                })
        else {
            return try await next(request, context)
        }
        let response =
            request.headers[.ifNoneMatch] != nil && IfNoneMatch.matches(request.headers, eTag: answer.eTag)
            ? ImageAnswer.notModified(eTag: answer.eTag) : answer.response(to: request)
        accessLog.log(request, context, status: response.status.code, since: start)
        metrics.record(endpoint, request.method, response.status, nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
        return response
    }

    /// MetricsMiddleware's counter and timer for each answer this path gives, made once
    /// (swift-metrics hands back the same series for the same label and dimensions).
    private struct HitMetrics: Sendable {
        struct Series: Sendable {
            let counter: Counter
            let timer: Metrics.Timer
        }

        /// By endpoint, method (GET, HEAD) and status (200, 304).
        private let series: [Series]

        init() {
            var series: [Series] = []
            for endpoint in Endpoint.allCases {
                for method in [HTTPRequest.Method.get, .head] {
                    for status in [HTTPResponse.Status.ok, .notModified] {
                        let dimensions = [
                            ("http.route", endpoint.path), ("http.request.method", method.description),
                            ("http.response.status_code", status.code.description),
                        ]
                        series.append(
                            Series(
                                counter: Counter(label: "hb.requests", dimensions: dimensions),
                                timer: Metrics.Timer(
                                    label: "http.server.request.duration", dimensions: dimensions,
                                    preferredDisplayUnit: .seconds)))
                    }
                }
            }
            self.series = series
        }

        private static func index(_ endpoint: Endpoint, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status) -> Int {
            Endpoint.allCases.firstIndex(of: endpoint)! * 4 + (method == .get ? 0 : 2) + (status == .ok ? 0 : 1)
        }

        func record(_ endpoint: Endpoint, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status, nanoseconds: UInt64) {
            let series = series[Self.index(endpoint, method, status)]
            series.counter.increment()
            series.timer.recordNanoseconds(Int64(clamping: nanoseconds))
        }
    }
}
