import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import HostApp
@testable import SIWAServer

/// The library mounted in a Hummingbird app of its own (Examples/HostApp) under
/// `/buttons`: the same answers as the standalone service, below the mount path, beside
/// the host's own routes.
@Suite struct MountedRoutesTests {
    static func hostApp() throws -> some ApplicationProtocol {
        // The test process has bootstrapped swift-metrics already (`TestApp.metrics`, as a
        // host app with its own backend would): a library that bootstrapped it again would
        // stop the process here (swift-metrics allows one bootstrap).
        _ = TestApp.metrics
        var logger = Logger(label: "host-app-tests")
        logger.logLevel = .warning
        return try buildHostApp(port: 0, editor: .folder(EditorPageTests.publicDirectory.path), logger: logger)
    }

    @Test("Images under /buttons are the standalone service's bytes and headers; / stays the host's")
    func images() async throws {
        try await Self.hostApp().test(.router) { client in
            let image = try await client.execute(uri: "/buttons/appleid/button/left?type=continue&width=200", method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/png")
            #expect(image.headers[.eTag] != nil)
            #expect(image.bytes == (try expectedBytes("/appleid/button/left?width=200&type=continue")))

            let svg = try await client.execute(uri: "/buttons/appleid/button/logo?size=40&format=svg", method: .head)
            #expect(svg.status == .ok)
            #expect(svg.headers[.contentType]?.hasPrefix("image/svg+xml") == true)

            let bad = try await client.execute(uri: "/buttons/appleid/button?widht=200", method: .get)
            #expect(bad.status == .notFound)
            #expect(bad.text == parserMessage("/appleid/button?widht=200"))
            let slash = try await client.execute(uri: "/buttons/appleid/button/?width=200", method: .get)
            // Another spelling: redirected to the canonical URL, below the mount path.
            #expect(slash.status == .movedPermanently && slash.headers[.location] == "/buttons/appleid/button?width=200")
            let doubled = try await client.execute(uri: "/buttons/appleid//button", method: .get)
            #expect(doubled.status == .notFound)

            #expect(try await client.execute(uri: "/appleid/button", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/", method: .get).text == "The host app's own home page.\n")
            #expect(try await client.execute(uri: "/healthz", method: .get).text == "host ok\n")
        }
    }

    @Test("Snippets under /buttons/api/snippet/..., the schema at /buttons/api/schema")
    func snippets() async throws {
        try await Self.hostApp().test(.router) { client in
            let uri = "/buttons/api/snippet/appleid/button?" + SnippetEndpointTests.web
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.text.contains("AppleID.auth.init") || response.text.contains("appleid-signin"))
            let lint = try await client.execute(uri: "/buttons/api/lint/appleid/button?width=130", method: .get)
            #expect(lint.status == .ok)
            #expect(lint.text.contains("min-width"))
            let unknown = try await client.execute(uri: "/buttons/api/other", method: .get)
            #expect(unknown.status == .notFound)
            #expect(
                unknown.apiError?.message.hasPrefix("Unknown endpoint '/buttons/api/other': use /api/snippet/appleid/button,") == true,
                "\(unknown.text)")
            // The editor reads its controls from here, relative to its own /buttons/ page.
            let schema = try await client.execute(uri: "/buttons/api/schema", method: .get)
            #expect(schema.status == .ok)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.bytes)) as? [String: Any])
            #expect(
                (json["endpoints"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
                    == ["/appleid/button", "/appleid/button/left", "/appleid/button/logo"])
        }
    }

    @Test("The editor under /buttons/: redirect to the trailing slash, files with their policy, no escape")
    func editorFiles() async throws {
        try await Self.hostApp().test(.router) { client in
            let bare = try await client.execute(uri: "/buttons", method: .get)
            #expect(bare.status == .movedPermanently)
            #expect(bare.headers[.location] == "/buttons/")

            let page = try await client.execute(uri: "/buttons/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy] == StaticFiles.contentSecurityPolicy)
            #expect(page.text.contains("<html"))

            let script = try await client.execute(uri: "/buttons/js/editor.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)

            let doubled = try await client.execute(uri: "/buttons//js/editor.js", method: .get)
            #expect(doubled.status == .movedPermanently)
            #expect(doubled.headers[.location] == "/buttons/js/editor.js")

            for uri in ["/buttons/%2e%2e/Package.swift", "/buttons/js/%00editor.js"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .badRequest, "\(uri)")
            }
            #expect(try await client.execute(uri: "/buttons/.git/config", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/buttons/nothing-here.js", method: .get).status == .notFound)
            // A trailing slash names a folder: never the editor page again.
            for uri in ["/buttons/js/", "/buttons/nothing/", "/buttons/js/editor.js/"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .notFound, "\(uri)")
            }
            #expect(try await client.execute(uri: "/buttons/%2e%2e/", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/buttons/api/schema", method: .head).status == .ok)
        }
    }
}
