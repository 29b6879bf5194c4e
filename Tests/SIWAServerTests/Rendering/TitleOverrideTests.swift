import Foundation
import HummingbirdTesting
import SIWAButtons
import Testing
@testable import SIWAServer

/// `serve --labels`: the images, their ETags and the editor's snippets follow the
/// replaced titles.
@Suite struct TitleOverrideTests {
    static let titles = try! TitleTable(overrides: [
        "de_DE": ["sign-in": "Anmelden mit Apple"],
        "en_US": ["sign-in": "Sign on with Apple"],
    ])

    @Test("The fingerprint names the replaced titles; without them it is unchanged")
    func fingerprint() throws {
        let shared = try ButtonRenderer.shared()
        let plain = try RenderBackend(renderer: shared)
        let corrected = try RenderBackend(renderer: shared.with(titles: Self.titles))
        #expect(
            plain.fingerprint
                == (try RenderBackend.fingerprint(
                    libraries: ButtonRenderer.libraryVersions,
                    fonts: shared.fonts.files)))
        #expect(corrected.fingerprint != plain.fingerprint)
        #expect(corrected.fingerprint.hasPrefix("\(RendererVersion.current)-"))
        #expect(corrected.titles == Self.titles && plain.titles.isStandard)
        // Equal tables, equal fingerprints (instances agree); another title, another one.
        let same = try TitleTable(overrides: [
            "en_US": ["sign-in": "Sign on with Apple"],
            "de_DE": ["sign-in": "Anmelden mit Apple"],
        ])
        #expect(try RenderBackend(renderer: shared.with(titles: same)).fingerprint == corrected.fingerprint)
        let other = try TitleTable(overrides: ["de_DE": ["sign-in": "Anmelden mit Apple!"]])
        #expect(try RenderBackend(renderer: shared.with(titles: other)).fingerprint != corrected.fingerprint)
        // A file that only repeats built-in titles changes nothing.
        let noOp = try TitleTable(overrides: ["de_DE": ["sign-in": "Mit Apple anmelden"]])
        #expect(try RenderBackend(renderer: shared.with(titles: noOp)).fingerprint == plain.fingerprint)
    }

    @Test("The same URL with and without --labels: other bytes and another ETag, even for titles not replaced")
    func images() async throws {
        let shared = try ButtonRenderer.shared()
        let uri = "/appleid/button?width=200&height=44&locale=de_DE&format=svg"
        let untouched = "/appleid/button?width=200&height=44&locale=fr_FR"
        let plain = try await TestApp.make(backend: try RenderBackend(renderer: shared)).test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            return (
                eTag: response.headers[.eTag], body: response.bytes,
                other: try await client.execute(uri: untouched, method: .get).headers[.eTag]
            )
        }
        try await TestApp.make(backend: try RenderBackend(renderer: shared.with(titles: Self.titles))).test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            let eTag = try #require(response.headers[.eTag])
            #expect(eTag != plain.eTag)
            #expect(response.bytes != plain.body)
            #expect(response.text.contains("<title>Anmelden mit Apple</title>"))
            // Its own ETag revalidates; the plain one does not.
            let revalidated = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: eTag])
            #expect(revalidated.status == .notModified)
            let stale = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: plain.eTag ?? ""])
            #expect(stale.status == .ok)
            // Caches must not mix tables: every ETag of an instance with overrides differs.
            #expect(try await client.execute(uri: untouched, method: .get).headers[.eTag] != plain.other)
        }
    }

    @Test("The editor's snippet API names the replaced title in alt")
    func snippets() async throws {
        let backend = try RenderBackend(renderer: ButtonRenderer.shared().with(titles: Self.titles))
        let web = "client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple%2Fcallback"
        try await TestApp.make(backend: backend).test(.router) { client in
            let response = try await client.execute(uri: "/api/snippet/appleid/button?locale=de_DE&" + web, method: .get)
            #expect(response.status == .ok)
            #expect(response.text.contains(#"alt=\"Anmelden mit Apple\" lang=\"de-DE\""#))
            #expect(!response.text.contains("Mit Apple anmelden"))
            let logo = try await client.execute(uri: "/api/snippet/appleid/button/logo?" + web, method: .get)
            #expect(logo.text.contains(#"alt=\"Sign on with Apple\""#))
            // Not replaced: the built-in title.
            let other = try await client.execute(
                uri: "/api/snippet/appleid/button?locale=de_DE&type=continue&" + web,
                method: .get)
            #expect(other.text.contains(#"alt=\"Mit Apple fortfahren\""#))
        }
    }
}
