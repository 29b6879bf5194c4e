import HTTPTypes
import Hummingbird

/// Headers every answer carries (cached images get them from `ImageAnswer`):
/// - `Referrer-Policy: no-referrer`: the editor's links to Apple or elsewhere say nothing
///   of where they came from;
/// - `Cross-Origin-Opener-Policy: same-origin-allow-popups`: our pages get their own
///   browsing context group, yet the popup of Sign in with Apple can still answer them;
/// - `Cross-Origin-Resource-Policy: cross-origin`: the buttons are made to be embedded by
///   other sites, including pages that require CORP (`Cross-Origin-Embedder-Policy`).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        for field in SecurityHeaders.all where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}

enum SecurityHeaders {
    static var all: HTTPFields {
        [
            .referrerPolicy: "no-referrer", .crossOriginOpenerPolicy: "same-origin-allow-popups",
            .crossOriginResourcePolicy: "cross-origin",
        ]
    }

    /// What an SVG opened as a document may do: show itself, with its inline styles, and
    /// nothing else (no script, no requests), in a sandbox.
    static var svgContentSecurityPolicy: String { "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
}
