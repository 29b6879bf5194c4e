import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SIWAButtons
import Testing
@testable import SIWAServer

/// One URL per image (`ImageURLPolicy`): other spellings get a cacheable 301 to the
/// canonical target, `v=` only with a configured token, so the cache-key space of a
/// cache in front is bounded.
@Suite struct CanonicalURLTests {
    static let canonical = "/appleid/button?color=white&type=continue&width=200&height=44"
    static let spellings = [
        "/appleid/button?width=200&height=44&type=continue&color=white",
        "/appleid/button?color=white&border=false&type=continue&width=200&height=44&scale=1&locale=en_US",
        "/appleid/button/?color=white&type=continue&width=200&height=44",
        "/appleid/button?color=white&type=continue&width=200&height=44&format=png",
        "/appleid/button?%63olor=white&type=continue&width=200&height=44",
        "/appleid/button?color=white&&type=continue&width=200&height=44",
    ]

    @Test("Another spelling: 301 to the canonical target, cacheable for a day, readable cross-origin; HEAD too")
    func redirects() async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer).test(.router) { client in
            // Cached first, so the hot path (CachedImageMiddleware) is the one that must refuse.
            let image = try await client.execute(uri: Self.canonical, method: .get)
            #expect(image.status == .ok)
            #expect(image.bytes == (try expectedBytes(Self.canonical)))
            for spelling in Self.spellings {
                for method in [HTTPRequest.Method.get, .head] {
                    let answer = try await client.execute(uri: spelling, method: method)
                    #expect(answer.status == .movedPermanently, "\(method) \(spelling)")
                    #expect(answer.headers[.location] == Self.canonical, "\(spelling)")
                    #expect(answer.headers[.cacheControl] == "public, max-age=86400")
                    #expect(answer.headers[.accessControlAllowOrigin] == "*")
                    #expect(answer.headers[.eTag] == nil)
                }
            }
            #expect(renderer.renderCount == 1)
        }
    }

    @Test(
        "Canonical targets are served as they are",
        arguments: [
            "/appleid/button", "/appleid/button?format=webp", "/appleid/button/left?locale=ko_KR&logo-size=medium",
            "/appleid/button/logo?color=white&border_radius=50&size=44&format=svg",
        ])
    func canonicalServed(target: String) async throws {
        try await TestApp.make().test(.router) { client in
            for _ in 0..<2 {  // the render path, then the hot path
                let answer = try await client.execute(uri: target, method: .get)
                #expect(answer.status == .ok, "\(target)")
                #expect(answer.bytes == (try expectedBytes(target)))
            }
        }
    }

    @Test("The bare '?' is a spelling of its own (a cache keys on it): redirected")
    func bareQuestionMark() async throws {
        try await TestApp.make().test(.router) { client in
            let answer = try await client.execute(uri: "/appleid/button/logo?", method: .get)
            #expect(answer.status == .movedPermanently)
            #expect(answer.headers[.location] == "/appleid/button/logo")
        }
    }

    @Test("Bad requests stay 404 with the parser's reason, never a redirect")
    func badStays404() async throws {
        try await TestApp.make().test(.router) { client in
            let target = "/appleid/button?width=20&color=white"
            let answer = try await client.execute(uri: target, method: .get)
            #expect(answer.status == .notFound)
            #expect(answer.text == parserMessage(target))
        }
    }

    @Test("canonical off: every spelling is served, the same image and ETag")
    func off() async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer, urls: try ImageURLPolicy(canonical: .off)).test(.router) { client in
            let reference = try await client.execute(uri: Self.canonical, method: .get)
            for spelling in Self.spellings {
                let answer = try await client.execute(uri: spelling, method: .get)
                #expect(answer.status == .ok, "\(spelling)")
                #expect(answer.headers[.eTag] == reference.headers[.eTag])
                #expect(answer.bytes == reference.bytes)
            }
            #expect(renderer.renderCount == 1)
        }
    }

    @Test(
        "v= with no token configured: 404 saying the service takes none, in either canonical mode",
        arguments: [ImageURLPolicy.Canonical.redirect, .off])
    func versionOff(mode: ImageURLPolicy.Canonical) async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer, urls: try ImageURLPolicy(canonical: mode)).test(.router) { client in
            for target in [
                "/appleid/button/logo?v=2026-11", "/appleid/button/logo?v=2026-11&size=44", "/appleid/button/logo?size=44&v=2026-11",
            ] {
                let answer = try await client.execute(uri: target, method: .get)
                #expect(answer.status == .notFound, "\(target)")
                #expect(
                    answer.text.hasPrefix(
                        "Unknown parameter 'v' for /appleid/button/logo: allowed parameters are color, border, border_radius, size, scale, format."
                    ))
                #expect(answer.text.contains("no cache-version token is configured"))
            }
        }
        #expect(renderer.renderCount == 0)
    }

    @Test("v= with tokens configured: each served, another one 404 naming them, a misplaced one redirected with it")
    func versions() async throws {
        let renderer = TestRenderer()
        let urls = try ImageURLPolicy(cacheVersions: ["2026-11", "2026-10"])
        try await TestApp.make(renderer: renderer, urls: urls).test(.router) { client in
            for token in ["2026-11", "2026-10"] {
                let answer = try await client.execute(uri: "/appleid/button/logo?size=44&v=\(token)", method: .get)
                #expect(answer.status == .ok)
                #expect(answer.bytes == (try expectedBytes("/appleid/button/logo?size=44")))
            }
            let plain = try await client.execute(uri: "/appleid/button/logo?size=44", method: .get)
            #expect(plain.status == .ok, "URLs without v= (Apple's) are still served")
            for target in ["/appleid/button/logo?size=44&v=2026-12", "/appleid/button/logo?v=x&size=44"] {
                let refused = try await client.execute(uri: target, method: .get)
                #expect(refused.status == .notFound)
                #expect(
                    refused.text
                        == "Invalid value '\(target.hasSuffix("x&size=44") ? "x" : "2026-12")' for parameter 'v': expected one of '2026-11', '2026-10' (the cache-version tokens this service accepts)."
                )
            }
            let misplaced = try await client.execute(uri: "/appleid/button/logo?v=2026-10&scale=1&size=44", method: .get)
            #expect(misplaced.status == .movedPermanently)
            #expect(misplaced.headers[.location] == "/appleid/button/logo?size=44&v=2026-10")
        }
        #expect(renderer.renderCount == 1)
    }

    @Test(
        "A Location never names another host: doubled slashes and escapes before the endpoint",
        arguments: [
            "//evil.example/appleid/button?width=200&color=white", "//appleid/button?width=200&color=white",
            "/%2Fevil.example/appleid/button?width=200&color=white", "/appleid//button?width=200&color=white",
        ])
    func noOpenRedirect(target: String) async throws {
        try await TestApp.make().test(.router) { client in
            let answer = try await client.execute(uri: target, method: .get)
            if answer.status == .movedPermanently {
                let location = try #require(answer.headers[.location])
                #expect(location.hasPrefix("/") && !location.hasPrefix("//") && !location.contains("evil"), "\(target) -> \(location)")
            } else {
                #expect([.notFound, .badRequest].contains(answer.status), "\(target): \(answer.status)")
            }
        }
    }

    @Test("Mounted under a path: the Location keeps the mount path")
    func mounted() async throws {
        var logger = Logger(label: "canonical-tests")
        logger.logLevel = .warning
        let buttons = ButtonService(backend: TestRenderer().backend, cacheMB: 1, logger: logger)
        let router = Router()
        router.addRoutes(ImageRoutes(service: buttons).routes, atPath: "/buttons")
        let app = Application(router: router, services: [buttons], logger: logger)
        try await app.test(.router) { client in
            let answer = try await client.execute(uri: "/buttons/appleid/button/left/?width=200&type=continue", method: .get)
            #expect(answer.status == .movedPermanently)
            #expect(answer.headers[.location] == "/buttons/appleid/button/left?type=continue&width=200")
            let image = try await client.execute(uri: "/buttons/appleid/button/left?type=continue&width=200", method: .get)
            #expect(image.status == .ok)
        }
    }

    @Test("The schema names the current token; the snippets' image URLs are canonical and carry it")
    func snippetsCarryTheToken() async throws {
        let urls = try ImageURLPolicy(cacheVersions: ["2026-11", "2026-10"])
        try await TestApp.make(urls: urls).test(.router) { client in
            let schema = try await client.execute(uri: "/api/schema", method: .get)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.bytes)) as? [String: Any])
            #expect(json["cacheVersion"] as? String == "2026-11")
            let snippet = try await client.execute(
                uri:
                    "/api/snippet/appleid/button?width=250&height=44&client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fcb",
                method: .get)
            #expect(snippet.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(snippet.bytes)) as? [String: String])
            let img = try #require(body["imgHTML"])
            #expect(img.contains("src=\"/appleid/button?width=250&amp;height=44&amp;v=2026-11\""), "\(img)")
            let urls = img.components(separatedBy: "\"").filter { $0.hasPrefix("/appleid/") }.flatMap { $0.components(separatedBy: ", ") }
            #expect(urls.count == 7)
            for url in urls {
                let target = url.split(separator: " ")[0].replacingOccurrences(of: "&amp;", with: "&")
                #expect(target.hasSuffix("&v=2026-11"), "\(url)")
                // Served as written: no redirect.
                let answer = try await client.execute(uri: target, method: .head)
                #expect(answer.status == .ok, "\(target)")
            }
        }
        try await TestApp.make().test(.router) { client in
            let schema = try await client.execute(uri: "/api/schema", method: .get)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.bytes)) as? [String: Any])
            #expect(json["cacheVersion"] == nil)
        }
    }

    @Test("A token that cannot be one is refused when the policy is made, naming it")
    func badToken() {
        for bad in ["", "a b", String(repeating: "x", count: 33), "é"] {
            #expect { try ImageURLPolicy(cacheVersions: ["ok", bad]) } throws: { error in
                "\(error)".contains("is not a cache-version token")
            }
        }
    }
}
