// Sign in with Apple, the server's part, with Hummingbird 2: every page view gets a fresh
// state and nonce in siwa-buttons' snippet, and the answer is only accepted with both.
//
//   APPLE_CLIENT_ID=com.example.web swift run siwa-example-hummingbird DIST [PORT]
//
// DIST is a `siwa-buttons generate` output (snippet.html, snippet-nojs.html, siwa-init.js,
// apple-signin-button.js, the images) made with --redirect-uri
// https://YOUR-SITE/auth/apple/callback. POST /auth/apple/session gives fresh state and
// nonce as JSON, for <apple-signin-button session-url> and siwa-signin.js. Serve it
// over https (behind your TLS proxy): the cookie is Secure. APPLE_KEYS_URL replaces
// Apple's key set (https://appleid.apple.com/auth/keys), for tests.
import _CryptoExtras
import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import SIWAServer

/// The Content-Security-Policy recipe for pages with the snippet (README "Content-Security-
/// Policy"), with the images on this origin; and the opener policy that keeps the popup's
/// answer reaching the page.
let securityHeaders: [(HTTPField.Name, String)] = [
    (
        .contentSecurityPolicy,
        "default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; "
            + "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; "
            + "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; "
            + "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'"
    ),
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

func base64URLDecoded(_ text: some StringProtocol) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
}

/// Apple's public keys by id. A token naming a key not seen yet fetches the set again
/// (Apple rotates its keys), but at most once per `cooldown`, and callers arriving during
/// a fetch share it: otherwise anyone could make this server fetch from Apple once per
/// forged token, just by making up key ids (jose's createRemoteJWKSet waits 30 s too).
actor AppleKeys {
    typealias Keys = [String: _RSA.Signing.PublicKey]
    let url: URL
    let cooldown: Duration
    private var keys: Keys = [:]
    private var lastFetch: ContinuousClock.Instant?
    private var fetching: Task<Keys, any Error>?

    init(url: URL, cooldown: Duration = .seconds(30)) { self.url = url; self.cooldown = cooldown }

    func key(id: String) async throws -> _RSA.Signing.PublicKey? {
        if let key = keys[id] { return key }
        if let fetching {
            keys.merge(try await fetching.value) { $1 }
            return keys[id]
        }
        if let lastFetch, ContinuousClock.now - lastFetch < cooldown { return nil }
        lastFetch = .now
        let task = Task { [url] in try await Self.fetch(url) }
        fetching = task
        defer { fetching = nil }
        keys.merge(try await task.value) { $1 }
        return keys[id]
    }

    private static func fetch(_ url: URL) async throws -> Keys {
        struct KeySet: Decodable {
            struct Key: Decodable { let kid: String, kty: String, n: String, e: String }
            let keys: [Key]
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        var keys: Keys = [:]
        for key in try JSONDecoder().decode(KeySet.self, from: data).keys where key.kty == "RSA" {
            guard let n = base64URLDecoded(key.n), let e = base64URLDecoded(key.e) else { continue }
            keys[key.kid] = try _RSA.Signing.PublicKey(n: n, e: e)
        }
        return keys
    }
}

/// The claims of an id_token that Apple signed (RS256, one of its keys) for this client
/// and that has not expired; nil for any other token.
func verifiedClaims(of token: String, keys: AppleKeys, clientId: String) async -> [String: Any]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerData = base64URLDecoded(parts[0]), let payload = base64URLDecoded(parts[1]),
        let signature = base64URLDecoded(parts[2]),
        let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
        header["alg"] as? String == "RS256", let kid = header["kid"] as? String,
        let key = (try? await keys.key(id: kid)) ?? nil,
        key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature),
            for: SHA256.hash(data: Data("\(parts[0]).\(parts[1])".utf8)), padding: .insecurePKCS1v1_5),
        let claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
    else { return nil }
    let audience = claims["aud"] as? String ?? (claims["aud"] as? [String])?.first
    guard claims["iss"] as? String == "https://appleid.apple.com", audience == clientId,
        let expiry = (claims["exp"] as? NSNumber)?.doubleValue, expiry > Date().timeIntervalSince1970
    else { return nil }
    return claims
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
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in securityHeaders { response.headers[name] = value }
        return response
    }
}

func html(_ status: HTTPResponse.Status, _ text: String, cookie: Cookie? = nil) -> Response {
    var response = Response(
        status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
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
guard let clientId = ProcessInfo.processInfo.environment["APPLE_CLIENT_ID"] else {
    FileHandle.standardError.write(Data("siwa-example-hummingbird: set APPLE_CLIENT_ID to your Services ID\n".utf8))
    exit(2)
}
let appleKeys = AppleKeys(
    url: URL(
        string: ProcessInfo.processInfo.environment["APPLE_KEYS_URL"]
            ?? "https://appleid.apple.com/auth/keys")!)

let router = Router()
router.add(middleware: SecurityHeadersMiddleware())
// siwa-init.js, the element and the button images, with siwa-buttons' own static-file
// middleware (checked paths, no dotfiles or links out of the folder, strong ETags, ranges).
router.add(middleware: StaticFilesMiddleware(folder: dist))

/// What Apple sends once, on a user's first sign-in: `user` (name, e-mail), outside the
/// id_token and so unsigned. Kept by the id_token's `sub`, never replaced by a later post,
/// and never trusted over the token: the e-mail that counts is the token's `email` claim.
/// (A real site keeps it in its database; this example in memory.)
actor FirstSignIns {
    private var users: [String: String] = [:]

    /// Stores `user` for `subject` if none is stored yet; true if it was stored now.
    func keep(_ user: String, for subject: String) -> Bool {
        guard users[subject] == nil, !user.isEmpty, user.utf8.count <= 4096,
            (try? JSONSerialization.jsonObject(with: Data(user.utf8))) is [String: Any]
        else { return false }
        users[subject] = user
        return true
    }
}
let firstSignIns = FirstSignIns()

// For <apple-signin-button session-url> and siwa-signin.js: fresh state and nonce for one
// sign-in, kept in the same cookie as the pages' (JSON, never cached).
router.post("/auth/apple/session") { _, _ -> Response in
    let state = freshValue(), nonce = freshValue()
    var response = Response(
        status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"state\":\"\(state)\",\"nonce\":\"\(nonce)\"}")))
    response.setCookie(
        Cookie(
            name: "siwa", value: "\(state).\(nonce)", maxAge: 600, path: "/",
            secure: true, httpOnly: true, sameSite: .none))
    return response
}

// The sign-in page (with and without JavaScript): fresh state and nonce for every view,
// kept in an HttpOnly cookie. SameSite=None because in the redirect flow Apple posts the
// answer from its own site (a cross-site POST, which would not carry a Lax cookie).
for (path, file) in [("/", "snippet.html"), ("/nojs", "snippet-nojs.html")] {
    router.get(RouterPath(path)) { _, _ -> Response in
        let state = freshValue(), nonce = freshValue()
        let page = try String(contentsOfFile: dist + "/" + file, encoding: .utf8)
            .replacingOccurrences(of: "__SIWA_STATE__", with: state)
            .replacingOccurrences(of: "__SIWA_NONCE__", with: nonce)
        return html(
            .ok, page,
            cookie: Cookie(
                name: "siwa", value: "\(state).\(nonce)", maxAge: 600, path: "/",
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
    // Signature (Apple's keys), issuer, audience and expiry, then this visitor's nonce.
    guard let token = fields["id_token"], let claims = await verifiedClaims(of: token, keys: appleKeys, clientId: clientId) else {
        return html(.badRequest, "<p id=\"result\">Refused: the id_token is not valid.</p>", cookie: used)
    }
    guard let nonce = claims["nonce"] as? String, constantTimeEqual(nonce, expected[1]) else {
        return html(.badRequest, "<p id=\"result\">Refused: the id_token does not carry this visitor's nonce.</p>", cookie: used)
    }
    // Signed in: `sub` is the user's stable id at Apple. On the first sign-in only, Apple
    // also posts `user` (name and e-mail), unsigned: kept once by `sub`, for display only.
    let sub = claims["sub"] as? String ?? "?"
    let stored = await firstSignIns.keep(fields["user"] ?? "", for: sub)
    let subject = sub.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let note = stored ? " First sign-in: the name Apple sent (unsigned) is stored for this user." : ""
    return html(
        .ok,
        "<!DOCTYPE html><title>Signed in</title><p id=\"result\">Signed in: state and nonce match "
            + "(user \(subject)).\(note)</p>", cookie: used)
}

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
