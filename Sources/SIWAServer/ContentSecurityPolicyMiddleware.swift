import Hummingbird

/// Sends a strict Content-Security-Policy with every HTML page (the editor in `public/`).
/// The editor is built for it: no inline script or style, no `style=""`, no eval, no
/// other origins; the browser check (scripts/check-editor.sh) runs under this header and
/// fails on any violation. Only HTML gets it because only documents enforce a policy.
struct ContentSecurityPolicyMiddleware<Context: RequestContext>: RouterMiddleware {
    static var editorPolicy: String {
        [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[.contentSecurityPolicy] = Self.editorPolicy
            response.headers[.xContentTypeOptions] = "nosniff"
        }
        return response
    }
}
