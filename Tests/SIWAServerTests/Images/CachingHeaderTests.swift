import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import Testing
@testable import SIWAServer

@Suite struct CachingHeaderTests {
    static let uri = "/appleid/button?color=white&border=true&width=200&height=32&scale=2"

    @Test("Images carry a strong ETag, a year of immutable public caching and CORS for any origin")
    func headers() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.execute(uri: Self.uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(response.headers[.accessControlAllowOrigin] == "*")
                // Readable by scripts on other origins on every GET, not only after a preflight.
                #expect(response.headers[.accessControlExposeHeaders] == "ETag")
                let eTag = try #require(response.headers[.eTag])
                #expect(eTag.hasPrefix("\"") && eTag.hasSuffix("\""), "strong ETag, not W/")
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            }
        }
    }

    @Test(
        "WebP on every endpoint: image/webp with the caching headers and an ETag of its own; 304 on If-None-Match",
        arguments: ["/appleid/button", "/appleid/button/left", "/appleid/button/logo"])
    func webp(path: String) async throws {
        try await TestApp.make().test(.router) { client in
            let png = try await client.execute(uri: path + "?scale=2", method: .get)
            let webp = try await client.execute(uri: path + "?scale=2&format=webp", method: .get)
            #expect(webp.status == .ok)
            #expect(webp.headers[.contentType] == "image/webp")
            #expect(webp.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(webp.headers[.accessControlExposeHeaders] == "ETag")
            let eTag = try #require(webp.headers[.eTag])
            #expect(eTag != png.headers[.eTag], "PNG and WebP of one button are different files")
            #expect(webp.bytes.starts(with: Array("RIFF".utf8)) && webp.bytes.count < png.bytes.count)
            let again = try await client.execute(uri: path + "?scale=2&format=webp", method: .get, headers: [.ifNoneMatch: eTag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            // The same bytes and ETag on every request (ETags depend on it).
            let twice = try await client.execute(uri: path + "?scale=2&format=webp", method: .get)
            #expect(twice.headers[.eTag] == eTag && twice.bytes == webp.bytes)
        }
    }

    @Test("If-None-Match with the ETag answers 304 with the caching headers and no body")
    func notModified() async throws {
        try await TestApp.make().test(.router) { client in
            let first = try await client.execute(uri: Self.uri, method: .get)
            let eTag = try #require(first.headers[.eTag])
            for method in [HTTPRequest.Method.get, .head] {
                let again = try await client.execute(uri: Self.uri, method: method, headers: [.ifNoneMatch: eTag])
                #expect(again.status == .notModified)
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == eTag)
                #expect(again.headers[.cacheControl] == "public, max-age=31536000, immutable")
            }
            let other = try await client.execute(uri: Self.uri, method: .get, headers: [.ifNoneMatch: "\"0000\""])
            #expect(other.status == .ok)
            #expect(other.bytes == first.bytes)
        }
    }

    @Test("If-None-Match as RFC 9110 reads it: lists, weak tags (as proxies send them) and *")
    func notModifiedForms() async throws {
        try await TestApp.make().test(.router) { client in
            let eTag = try #require(try await client.execute(uri: Self.uri, method: .get).headers[.eTag])
            for header in ["\"0000\", \(eTag)", "W/\(eTag)", "*", " \"1\" ,W/\(eTag) "] {
                let response = try await client.execute(uri: Self.uri, method: .get, headers: [.ifNoneMatch: header])
                #expect(response.status == .notModified, "If-None-Match: \(header)")
            }
            for header in ["\"0000\", W/\"1111\"", "\(eTag.dropLast())x\"", ""] {
                let response = try await client.execute(uri: Self.uri, method: .get, headers: [.ifNoneMatch: header])
                #expect(response.status == .ok, "If-None-Match: \(header)")
            }
        }
    }

    @Test("A matching If-None-Match is answered without rendering, even by a fresh instance")
    func notModifiedWithoutRendering() async throws {
        let eTag = try await TestApp.make().test(.router) { client in
            try #require(try await client.execute(uri: Self.uri, method: .get).headers[.eTag])
        }
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer).test(.router) { client in
            let response = try await client.execute(uri: Self.uri, method: .get, headers: [.ifNoneMatch: eTag])
            #expect(response.status == .notModified)
        }
        #expect(renderer.renderCount == 0)
    }

    @Test("The ETag follows the normalised request: equal for equivalent queries, different otherwise")
    func eTagIdentity() async throws {
        try await TestApp.make(urls: .everySpelling).test(.router) { client in
            func eTag(_ uri: String) async throws -> String? {
                try await client.execute(uri: uri, method: .head).headers[.eTag]
            }
            let base = try await eTag("/appleid/button?width=200")
            #expect(base != nil)
            #expect(try await eTag("/appleid/button?color=black&width=200&height=30&scale=1&locale=en_US") == base)
            #expect(try await eTag("/appleid/button?width=200&format=svg") != base)
            #expect(try await eTag("/appleid/button?width=201") != base)
            #expect(try await eTag("/appleid/button/left?width=200") != base)
            let twice = try await eTag("/appleid/button?width=200&scale=2")
            let spelledOtherwise = try await eTag("/appleid/button?scale=2&height=30&width=200")
            #expect(twice != base && twice == spelledOtherwise)
            #expect(try await eTag("/appleid/button?width=200&scale=3") != twice)
        }
    }

    @Test("The ETag changes with the renderer fingerprint (renderer version, fonts, libraries)")
    func eTagFingerprint() throws {
        let key = RenderKey(ButtonRequest(spec: ButtonSpec()))
        let a = RenderBackend(fingerprint: "1-aaaa") { _, _, _ in [] }
        let b = RenderBackend(fingerprint: "1-aaab") { _, _, _ in [] }
        #expect(a.eTag(for: key) != b.eTag(for: key))
        #expect(a.eTag(for: key) == a.eTag(for: key))
        // The digest of fingerprint, canonical target and format, each ending in 0xFF (python3: hashlib.sha256(
        // b"1-aaaa\xff/appleid/button?width=200&scale=2&locale=de_DE\xffsvg\xff").hexdigest()[:32]): fixed, so
        // a change of how requests are keyed cannot change the ETags that browsers and CDNs hold.
        let svg = RenderKey(try ButtonRequest.parse("/appleid/button?locale=de_DE&format=svg&scale=2&width=200"))
        #expect(a.eTag(for: svg) == "\"c7574afc6c6ed8e5505b4686fba6fe18\"")

        let real = try RenderBackend(renderer: ButtonRenderer.shared())
        #expect(real.fingerprint.hasPrefix("\(RendererVersion.current)-"))
        #expect(try RenderBackend(renderer: ButtonRenderer.shared()).fingerprint == real.fingerprint)
    }

    @Test(
        "Another Cairo, Pango, HarfBuzz or libdeflate release changes the fingerprint; libpng's, zlib's and libwebp's write no served byte")
    func libraryVersionsInFingerprint() throws {
        let fonts = try ButtonRenderer.shared().fonts.files
        let loaded = ButtonRenderer.libraryVersions
        #expect(
            try RenderBackend(renderer: ButtonRenderer.shared()).fingerprint
                == RenderBackend.fingerprint(libraries: loaded, fonts: fonts))
        let other = loaded.replacingOccurrences(of: "cairo ", with: "cairo 9")
        #expect(
            try RenderBackend.fingerprint(libraries: other, fonts: fonts)
                != RenderBackend.fingerprint(libraries: loaded, fonts: fonts))
        for name in ["libpng", "zlib", "libwebp"] {
            #expect(!loaded.contains(name), "\(name) in '\(loaded)'")
        }
        for name in ["cairo", "pango", "harfbuzz", "libdeflate"] {
            #expect(loaded.contains(try Regex("\\b\(name) [0-9]+\\.[0-9]+")), "\(name) missing from '\(loaded)'")
        }
    }

    @Test("The font fingerprint reads the files' bytes: a changed font changes it")
    func fontBytesInFingerprint() throws {
        let fonts = try ButtonRenderer.shared().fonts.files
        let latin = try #require(fonts.first { $0.lastPathComponent.hasPrefix("Inter") } ?? fonts.first)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-fp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent(latin.lastPathComponent)
        var bytes = try Data(contentsOf: latin)
        try bytes.write(to: copy)
        let before = try RenderBackend(renderer: ButtonRenderer(fonts: FontLibrary(directory: dir))).fingerprint
        // Same file name, one trailing byte more (fontconfig still loads it).
        bytes.append(0)
        try bytes.write(to: copy)
        let after = try RenderBackend(renderer: ButtonRenderer(fonts: FontLibrary(directory: dir))).fingerprint
        #expect(before != after)
    }

    @Test("CORS: any origin may use the images; preflights are answered")
    func cors() async throws {
        try await TestApp.make(urls: try ImageURLPolicy(cacheVersions: ["2026-11"])).test(.router) { client in
            let withOrigin = try await client.execute(
                uri: "/appleid/button/logo", method: .get,
                headers: [.origin: "https://shop.example"])
            #expect(withOrigin.status == .ok)
            #expect(withOrigin.headers[.accessControlAllowOrigin] == "*")
            #expect(withOrigin.headers[values: .accessControlExposeHeaders] == ["ETag"])
            // v= changes the URL (so caches fetch anew), not the image.
            let busted = try await client.execute(uri: "/appleid/button/logo?v=2026-11", method: .get)
            #expect(busted.status == .ok)
            #expect(busted.bytes == withOrigin.bytes)
            #expect(busted.headers[.eTag] == withOrigin.headers[.eTag])
            let preflight = try await client.execute(
                uri: "/appleid/button/logo", method: .options,
                headers: [
                    .origin: "https://shop.example", .accessControlRequestMethod: "GET",
                ])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "*")
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("GET") == true)
        }
    }
}
