// Sign in with Apple, the server's part, with Hummingbird 2: every page view gets a fresh
// state and nonce in siwa-buttons' snippet, and the answer is only accepted with both.
//
//   swift run siwa-example-hummingbird DIST [PORT]
//
// DIST is a `siwa-buttons generate` output (snippet.html, snippet-nojs.html, siwa-init.js,
// the images) made with --redirect-uri https://YOUR-SITE/auth/apple/callback. Serve it
// over https (behind your TLS proxy): the cookie is Secure.
import Foundation
import HTTPTypes
import Hummingbird

/// The Content-Security-Policy recipe for pages with the snippet (README "Content-Security-
/// Policy"), with the images on this origin; and the opener policy that keeps the popup's
/// answer reaching the page.
let securityHeaders: [(HTTPField.Name, String)] = [
    (.contentSecurityPolicy, "default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; "
        + "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; "
        + "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; "
        + "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'"),
    (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin-allow-popups"),
]

/// 32 random bytes from the system's CSPRNG, base64url: unguessable and URL-safe.
func freshValue() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

/// Compares without leaking where the first difference is.
func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
}

/// The claims of a JWT, unverified.
func claims(ofJWT token: String) -> [String: Any]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// `a=1&b=x+y` as a dictionary (the body Apple and siwa-init.js post).
func formFields(_ body: String) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in body.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
            $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
        }
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return fields
}

struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in securityHeaders { response.headers[name] = value }
        return response
    }
}

func html(_ status: HTTPResponse.Status, _ text: String, cookie: Cookie? = nil) -> Response {
    var response = Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    if let cookie { response.setCookie(cookie) }
    return response
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: siwa-example-hummingbird DIST [PORT]\n".utf8))
    exit(2)
}
let dist = arguments[1]
let port = arguments.count > 2 ? Int(arguments[2]) ?? 8080 : 8080

let router = Router()
router.add(middleware: SecurityHeadersMiddleware())
// siwa-init.js and the button images.
router.add(middleware: FileMiddleware(dist, searchForIndexHtml: false))

// The sign-in page (with and without JavaScript): fresh state and nonce for every view,
// kept in an HttpOnly cookie. SameSite=None because in the redirect flow Apple posts the
// answer from its own site (a cross-site POST, which would not carry a Lax cookie).
for (path, file) in [("/", "snippet.html"), ("/nojs", "snippet-nojs.html")] {
    router.get(RouterPath(path)) { _, _ -> Response in
        let state = freshValue(), nonce = freshValue()
        let page = try String(contentsOfFile: dist + "/" + file, encoding: .utf8)
            .replacingOccurrences(of: "__SIWA_STATE__", with: state)
            .replacingOccurrences(of: "__SIWA_NONCE__", with: nonce)
        return html(.ok, page, cookie: Cookie(name: "siwa", value: "\(state).\(nonce)", maxAge: 600, path: "/",
                                               secure: true, httpOnly: true, sameSite: .none))
    }
}

// The redirect URI: the answer must carry this visitor's state, and its id_token this
// visitor's nonce. Each pair works once.
router.post("/auth/apple/callback") { request, _ -> Response in
    let body = try await request.body.collect(upTo: 64 * 1024)
    let fields = formFields(String(buffer: body))
    let expected = request.cookies["siwa"]?.value.split(separator: ".").map(String.init) ?? []
    let used = Cookie(name: "siwa", value: "", maxAge: 0, path: "/", secure: true, httpOnly: true, sameSite: .none)
    guard expected.count == 2, let state = fields["state"], constantTimeEqual(state, expected[0]) else {
        return html(.badRequest, "<p id=\"result\">Refused: the state is not this visitor's.</p>", cookie: used)
    }
    // Before trusting any claim, verify the id_token's signature with Apple's keys
    // (https://appleid.apple.com/auth/keys) and its iss, aud and exp, with a JWT library
    // such as jwt-kit; or exchange `code` at https://appleid.apple.com/auth/token.
    // This example shows the nonce check only.
    guard let token = fields["id_token"], let nonce = claims(ofJWT: token)?["nonce"] as? String,
          constantTimeEqual(nonce, expected[1]) else {
        return html(.badRequest, "<p id=\"result\">Refused: the id_token does not carry this visitor's nonce.</p>", cookie: used)
    }
    let subject = (claims(ofJWT: token)?["sub"] as? String) ?? "?"
    let name = subject.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    return html(.ok, "<!DOCTYPE html><title>Signed in</title><p id=\"result\">Signed in: state and nonce match (user \(name)).</p>",
                cookie: used)
}

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
