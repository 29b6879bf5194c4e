import Foundation
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// Apple's authorize URL, written twice: by the no-JS snippet (`AuthorizeURL`, Swift) and by
/// the element when Apple's script is not there at a click (`authorizeURL` of
/// public/element/1/core/signin.js). Run in node, the element's gives the same endpoint and
/// the same parameters in the same order with the same values.
@Suite struct AuthorizeURLElementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The endpoint and the decoded (name, value) pairs of an authorize URL.
    static func parts(_ url: String) throws -> (String, [[String]]) {
        let components = try #require(URLComponents(string: url))
        let endpoint = "\(components.scheme ?? "")://\(components.host ?? "")\(components.path)"
        return (endpoint, (components.queryItems ?? []).map { [$0.name, $0.value ?? ""] })
    }

    @Test("core/signin.js's authorizeURL is AuthorizeURL's, parameter for parameter")
    func sameAuthorizeURL() throws {
        let cases: [(String, String, String, String, String)] = [
            ("com.example.web", "https://example.com/auth/apple", "name email", "state-0123456789abcdef", "nonce-0123456789abcdef"),
            ("com.example.web", "https://example.com/cb?from='snippet'&x=1", "", "a+b/c=d&e f", "~!*()'%20"),
            ("a\"</script><script>alert(1)</script>", "https://example.com/%C3%BC/callback", "email", "état", "日本"),
        ]
        var input: [[String: String]] = []
        var expected: [(String, [[String]])] = []
        for (clientId, redirectURI, scope, state, nonce) in cases {
            let web = try WebFlowSettings(clientId: clientId, redirectURI: redirectURI, scope: scope, usePopup: false)
            input.append(["clientId": web.clientId, "redirectURI": web.redirectURI, "scope": web.scope, "state": state, "nonce": nonce])
            expected.append(try Self.parts(AuthorizeURL.make(web, state: state, nonce: nonce)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("authorize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: input).write(to: file)
        let script = """
            import { readFileSync } from 'node:fs';
            import { authorizeURL } from '\(Self.root.appendingPathComponent("public/element/1/core/signin.js").absoluteString)';
            for (const values of JSON.parse(readFileSync(process.argv[1], 'utf8'))) console.log(authorizeURL(values));
            """
        let output = try #require(try runNodeModule(script, arguments: [file.path]), "node could not run core/signin.js")
        let urls = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(urls.count == expected.count)
        for (url, want) in zip(urls, expected) {
            let got = try Self.parts(url)
            #expect(got.0 == want.0, "\(url)")
            #expect(got.1 == want.1, "\(url)")
        }
    }
}
