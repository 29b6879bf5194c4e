import HTTPTypes
import Hummingbird

/// RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without a Host
/// field or with more than one. Hummingbird accepts both: the first Host becomes the
/// request's authority and a second stays among the header fields. HTTP/1.0 may omit
/// Host; since the HTTP version does not reach the router, `HTTP1EdgeHandler` gives
/// such requests an empty Host before they get here.
struct HostHeaderMiddleware<Context: RequestContext>: RouterMiddleware {
    static var host: HTTPField.Name { HTTPField.Name("Host")! }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.head.authority == nil {
            return PlainText.response(.badRequest, "Missing Host header (required in HTTP/1.1).", for: request)
        }
        if request.headers.contains(Self.host) {
            return PlainText.response(.badRequest, "More than one Host header.", for: request)
        }
        return try await next(request, context)
    }
}
