import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SIWAServer

/// The editor in `public/` and the policy it is served under. Its behaviour in a real
/// browser is checked by e2e/check_editor.py; these are the cheap static guarantees.
@Suite struct EditorPageTests {
    /// The package's `public/` folder.
    static let publicDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("public")

    @Test("HTML pages get the strict Content-Security-Policy; images, scripts and JSON do not need it")
    func contentSecurityPolicy() async throws {
        try await TestApp.make(publicDirectory: Self.publicDirectory.path).test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy] == StaticFiles.contentSecurityPolicy)
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("style-src 'self'"))
            #expect(!policy.contains("unsafe"))

            for uri in [
                "/js/editor.js", "/editor.css", "/appleid/button",
                "/api/snippet/appleid/button?client-id=a&redirect-uri=https%3A%2F%2Fexample.com%2Fcb",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                #expect(response.headers[.contentSecurityPolicy] == nil, "\(uri)")
            }
            let script = try await client.execute(uri: "/js/editor.js", method: .get)
            // Module scripts are refused unless served as JavaScript.
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
        }
    }

    @Test("The editor's files need no inline script or style and load nothing from elsewhere")
    func noInlineCode() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.publicDirectory.path)
            .filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") || $0.hasSuffix(".css") }
        #expect(files.contains("index.html"))
        #expect(files.contains("js/editor.js"))
        for file in files {
            let text = try String(contentsOf: Self.publicDirectory.appendingPathComponent(file), encoding: .utf8)
            // No other origin is ever loaded: no CDN, no web fonts.
            #expect(!text.contains("@import") && !text.contains("@font-face"), "\(file)")
            #expect(!text.contains("eval(") && !text.contains("new Function"), "\(file)")
            #expect(!text.contains("javascript:"), "\(file)")
            // Style only from editor.css: no style properties or attributes set by script.
            #expect(
                text.range(
                    of: #"\.style\.[a-zA-Z]+\s*=[^=]|\.style\.(setProperty|cssText)|setAttribute\(.style"#, options: .regularExpression)
                    == nil,
                "\(file)")
            guard file.hasSuffix(".html") else { continue }
            #expect(!text.contains("<style"), "\(file)")
            #expect(!text.contains(" style="), "\(file)")
            #expect(!text.contains("<script>") && !text.contains("<script type=\"module\">"), "\(file)")
            #expect(text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(file): event-handler attribute")
            #expect(text.range(of: #"(src|href)="(https?:)?//"#, options: .regularExpression) == nil, "\(file): external resource")
        }
    }

    @Test("The editor takes ranges and choices from /api/schema and addresses the service relative to itself")
    func schemaAndRelativeURLs() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.publicDirectory.path)
            .filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") }
        for file in files {
            let text = try String(contentsOf: Self.publicDirectory.appendingPathComponent(file), encoding: .utf8)
            // Ranges and choices are the schema's (js/controls.js sets them), never written here.
            #expect(text.range(of: #"\s(min|max)="\d"#, options: .regularExpression) == nil, "\(file): a range of its own")
            #expect(!text.contains("<option"), "\(file): a choice of its own")
            // Mounted under /buttons/, '/appleid/...' would leave the service.
            #expect(text.range(of: #"(src|href|action)="/[^/]"#, options: .regularExpression) == nil, "\(file): absolute URL")
            #expect(text.range(of: #"['"]/(appleid|api|js)/"#, options: .regularExpression) == nil, "\(file): absolute URL")
        }
    }

    @Test("Every control written in the page has a label (those built from the schema: e2e/check_editor.py)")
    func labelledControls() throws {
        let html = try String(contentsOf: Self.publicDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        let ids = html.matches(of: /<(?:input|select|textarea)[^>]*\sid="([^"]+)"/).map { String($0.1) }
        #expect(ids.count >= 20)
        for id in ids {
            #expect(html.contains("for=\"\(id)\""), "control #\(id) has no <label for>")
        }
    }
}
