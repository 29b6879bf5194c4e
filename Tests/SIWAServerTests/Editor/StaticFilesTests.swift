import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SIWAServer

/// A public folder with a file of every kind, dotfiles, a FIFO, and symbolic links in and out.
struct PublicFixture {
    let base: URL
    var publicPath: String { base.appendingPathComponent("public").path }
    static let ten = "0123456789"
    static let html = "<!doctype html><title>fixture</title>"

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-statics-\(UUID().uuidString)")
        let files = [
            "public/index.html": Self.html, "public/ten.txt": Self.ten, "public/app.js": "export {};",
            "public/app.css": "body{}", "public/pic.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "public/data.dat": "?", "public/UPPER.HTML": Self.html, "public/page.htm": Self.html,
            "public/sub/index.html": Self.html, "public/js/a.js": "1", "public/empty/keep.txt": "",
            "public/empty.txt": "", "public/.env": "SECRET=1", "public/.git/config": "[core]",
            "public/.hidden/x.txt": "x", "secret.txt": "outside",
        ]
        let manager = FileManager.default
        for (path, text) in files {
            let url = base.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        let links = [
            "passwd.txt": "/etc/passwd", "outside.txt": "../secret.txt", "updir": "..",
            "inside.txt": "ten.txt", "dotlink.txt": ".env", "gitdir": ".git",
        ]
        for (name, target) in links {
            try manager.createSymbolicLink(
                atPath: base.appendingPathComponent("public/\(name)").path,
                withDestinationPath: target)
        }
        // Opening a FIFO for reading would wait for a writer.
        guard mkfifo(base.appendingPathComponent("public/fifo.txt").path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}

@Suite struct StaticFilesTests {
    static let csp = StaticFiles.contentSecurityPolicy

    @Test("Byte ranges: 206 with the right Content-Range and length, 416 when unsatisfiable, else the whole file")
    func ranges() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            func get(_ range: String, _ extra: HTTPFields = [:]) async throws -> TestResponse {
                var headers: HTTPFields = [.range: range]
                headers.append(contentsOf: extra)
                return try await client.execute(uri: "/ten.txt", method: .get, headers: headers)
            }
            // (Range, Content-Range, body) of each 206.
            for (range, contentRange, body) in [
                ("bytes=2-4", "bytes 2-4/10", "234"), ("bytes=-5", "bytes 5-9/10", "56789"),
                ("bytes=7-100", "bytes 7-9/10", "789"), ("bytes=9-", "bytes 9-9/10", "9"),
                ("bytes=-15", "bytes 0-9/10", PublicFixture.ten),
            ] {
                let response = try await get(range)
                #expect(response.status == .partialContent, "\(range)")
                #expect(response.headers[.contentRange] == contentRange, "\(range)")
                #expect(response.headers[.contentLength] == String(body.utf8.count), "\(range)")
                #expect(response.text == body, "\(range)")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
            // At the size and far past it (Hummingbird's FileMiddleware: a stray byte, a negative length).
            for range in ["bytes=10-", "bytes=999999-", "bytes=-0", "bytes=99999999999999999999999-"] {
                let response = try await get(range)
                #expect(response.status == .rangeNotSatisfiable, "\(range)")
                #expect(response.headers[.contentRange] == "bytes */10", "\(range)")
                #expect(response.headers[.contentType] == PlainText.contentType)
                #expect(response.text == "Range not satisfiable: the file has 10 bytes.")
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            }
            // Several ranges, bad syntax, another unit: ignored.
            for range in ["bytes=0-1,3-4", "bytes=5-2", "items=0-1", "bytes=x-"] {
                let response = try await get(range)
                #expect(response.status == .ok, "\(range)")
                #expect(response.text == PublicFixture.ten)
                #expect(response.headers[.contentRange] == nil)
            }
            // If-Range: the range only for the same version of the file.
            let eTag = try #require(try await get("bytes=0-0").headers[.eTag])
            #expect(try await get("bytes=0-0", [.ifRange: eTag]).status == .partialContent)
            #expect(try await get("bytes=0-0", [.ifRange: "\"other\""]).status == .ok)
            #expect(try await get("bytes=0-0", [.ifRange: "W/\(eTag)"]).status == .ok)  // weak tags never match
            // HEAD ignores Range (defined for GET only) and describes the whole file.
            let head = try await client.execute(uri: "/ten.txt", method: .head, headers: [.range: "bytes=2-4"])
            #expect(head.status == .ok && head.headers[.contentLength] == "10" && head.body.readableBytes == 0)
            // An empty file has no byte to give.
            #expect(
                try await client.execute(uri: "/empty.txt", method: .get, headers: [.range: "bytes=0-"]).status
                    == .rangeNotSatisfiable)
        }
    }

    @Test("Over a socket, every length is right: an unsatisfiable range does not corrupt the next answer")
    func rangesOnOneConnection() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.live) { client in
            let port = try #require(client.port)
            let request = { (range: String) in "GET /ten.txt HTTP/1.1\r\nHost: localhost\r\nRange: \(range)\r\n\r\n" }
            let text = try await RawHTTP.exchange(
                request("bytes=10-") + request("bytes=999999-") + request("bytes=-5")
                    + "GET /ten.txt HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
            let responses = try RawHTTP.responses(text)
            #expect(responses.map(\.status) == [416, 416, 206, 200])
            #expect(
                responses.map(\.body) == [
                    "Range not satisfiable: the file has 10 bytes.",
                    "Range not satisfiable: the file has 10 bytes.", "56789", PublicFixture.ten,
                ])
        }
    }

    /// Why we do not use Hummingbird's FileMiddleware (2.28.1): it computes the length of
    /// `bytes=999999-` as `size - 999999` and sends it. If this test fails, upstream fixed
    /// it; the tests above still hold our middleware to the right answers.
    @Test("Hummingbird's FileMiddleware still sends a negative Content-Length for a range past the end")
    func upstreamFileMiddleware() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        let router = Router()
        router.add(middleware: FileMiddleware(fixture.publicPath))
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/ten.txt", method: .get, headers: [.range: "bytes=999999-"])
            #expect(response.status == .partialContent)
            #expect(response.headers[.contentLength] == String(10 - 999_999))
        }
    }

    @Test(
        "Control characters, `..` (raw or encoded) and bad escapes in a path are 400 with the reason",
        arguments: [
            ("/index.html%00", "The path contains a control character."),
            ("/index.html%00.png", "The path contains a control character."),
            ("/sub/../index.html", "The path contains a '..' segment."),
            ("/%2e%2e/secret.txt", "The path contains a '..' segment."),
            ("/sub/%2E%2E/%2e%2e/secret.txt", "The path contains a '..' segment."),
            ("/%zz", RequestPath.Problem.badPercentEncoding.message),
            ("/%ff.txt", RequestPath.Problem.badPercentEncoding.message),
        ])
    func refusedPaths(path: String, message: String) async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == PlainText.contentType)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.text == message)
        }
    }

    @Test(
        "Dotfiles and anything outside the folder (through links) are 404; links inside are followed",
        arguments: [
            "/.env", "/.git/config", "/.hidden/x.txt", "/.hidden/", "/dotlink.txt", "/gitdir/config",
            "/passwd.txt", "/outside.txt", "/updir/secret.txt", "/nothing.txt", "/fifo.txt",
            "/ten.txt/", "/empty/",
        ])
    func notServed(path: String) async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == PlainText.contentType)
            #expect(response.text == "No such file: \(path)")
            let inside = try await client.execute(uri: "/inside.txt", method: .get)
            #expect(inside.status == .ok && inside.text == PublicFixture.ten)
        }
    }

    @Test("Folders redirect to the same-origin path with a slash; `//` never reaches a Location")
    func redirects() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            for (path, location) in [
                ("/sub", "/sub/"), ("//sub", "/sub/"), ("//sub/", "/sub/"), ("//", "/"),
                ("///sub//", "/sub/"), ("//js/a.js", "/js/a.js"), ("/js//a.js", "/js/a.js"),
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .movedPermanently, "\(path)")
                #expect(response.headers[.location] == location, "\(path)")
            }
            // A `//host` path that names no file is simply not found, and so is a folder without index.html.
            for path in ["//evil.example", "//evil.example/", "/js", "//js", "/js/"] {
                #expect(try await client.execute(uri: path, method: .get).status == .notFound, "\(path)")
            }
            let folder = try await client.execute(uri: "/sub/", method: .get)
            #expect(folder.status == .ok && folder.text == PublicFixture.html)
        }
    }

    @Test("Every file has its Content-Type, nosniff and the security headers; every HTML and SVG answer has a CSP")
    func contentTypes() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            let html = "text/html; charset=utf-8"
            for (path, type) in [
                ("/", html), ("/index.html", html), ("/sub/", html), ("/sub/index.html", html),
                ("/UPPER.HTML", html), ("/page.htm", html),
                ("/app.js", "text/javascript; charset=utf-8"), ("/js/a.js", "text/javascript; charset=utf-8"),
                ("/app.css", "text/css; charset=utf-8"), ("/pic.svg", "image/svg+xml"),
                ("/ten.txt", "text/plain; charset=utf-8"), ("/data.dat", "application/octet-stream"),
            ] {
                for method in [HTTPRequest.Method.get, .head] {
                    let response = try await client.execute(uri: path, method: method)
                    #expect(response.status == .ok, "\(method) \(path)")
                    #expect(response.headers[.contentType] == type, "\(method) \(path)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(path)")
                    // HTML gets the editor's policy; an SVG opened by itself a sandbox without script.
                    let policy = type == html ? Self.csp : type == "image/svg+xml" ? SecurityHeaders.svgContentSecurityPolicy : nil
                    #expect(response.headers[.contentSecurityPolicy] == policy, "\(method) \(path)")
                    #expect(response.headers[.referrerPolicy] == "no-referrer", "\(method) \(path)")
                    #expect(response.headers[.crossOriginResourcePolicy] == "cross-origin", "\(method) \(path)")
                    #expect(response.headers[.cacheControl] == "no-cache", "\(method) \(path)")
                }
            }
        }
    }

    @Test("ETag and If-None-Match, Last-Modified and If-Modified-Since give 304; HEAD has the GET's headers")
    func conditionalRequests() async throws {
        let fixture = try PublicFixture()
        defer { fixture.remove() }
        try await TestApp.make(publicDirectory: fixture.publicPath).test(.router) { client in
            let get = try await client.execute(uri: "/app.css", method: .get)
            let eTag = try #require(get.headers[.eTag])
            let lastModified = try #require(get.headers[.lastModified])
            #expect(eTag.hasPrefix("\"") && eTag.count == 34)  // strong: 128 bits of the content's SHA-256
            #expect(HTTPDate.parse(lastModified) != nil)
            for condition: HTTPFields in [
                [.ifNoneMatch: eTag], [.ifNoneMatch: "\"x\", W/\(eTag)"], [.ifNoneMatch: "*"],
                [.ifModifiedSince: lastModified],
                [.ifModifiedSince: HTTPDate.format(HTTPDate.parse(lastModified)! + 60)],
            ] {
                let response = try await client.execute(uri: "/app.css", method: .get, headers: condition)
                #expect(response.status == .notModified, "\(condition)")
                #expect(response.headers[.eTag] == eTag)
                #expect(response.body.readableBytes == 0)
            }
            for condition: HTTPFields in [
                [.ifNoneMatch: "\"other\""],
                [.ifModifiedSince: HTTPDate.format(HTTPDate.parse(lastModified)! - 1)],
                // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
                [.ifNoneMatch: "\"other\"", .ifModifiedSince: lastModified],
            ] {
                let response = try await client.execute(uri: "/app.css", method: .get, headers: condition)
                #expect(response.status == .ok, "\(condition)")
                #expect(response.text == "body{}")
            }
            let head = try await client.execute(uri: "/app.css", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            for name in [HTTPField.Name.contentType, .contentLength, .eTag, .lastModified, .cacheControl, .acceptRanges] {
                #expect(head.headers[name] == get.headers[name], "\(name)")
            }
        }
    }

    @Test("HTTP dates: the three formats are read, IMF-fixdate is written")
    func httpDates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT trailing") == nil)
        // Years that would overflow the arithmetic (a crash, so a one-request denial of
        // service) are refused like any other bad date.
        #expect(HTTPDate.parse("Sun, 06 Nov 999999999999 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sunday, 06-Nov-9223372036854775807 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 9223372036854775807") == nil)
    }
}
