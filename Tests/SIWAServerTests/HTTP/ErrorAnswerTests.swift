import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import SIWAButtons
@testable import SIWAServer

/// Every error answer, whoever raises it, is one `text/plain; charset=utf-8` line with `nosniff`.
@Suite struct ErrorAnswerTests {
    static func expectPlainText(
        _ response: TestResponse, _ status: HTTPResponse.Status, _ body: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == PlainText.contentType, sourceLocation: sourceLocation)
        #expect(response.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(response.text == body, sourceLocation: sourceLocation)
        #expect(!body.contains("\n"), sourceLocation: sourceLocation)
    }

    @Test("Unmatched paths, other methods, bad paths and long targets on the real app")
    func application() async throws {
        try await TestApp.make(publicDirectory: EditorPageTests.publicDirectory.path).test(.router) { client in
            let cases: [(String, HTTPRequest.Method, HTTPResponse.Status, String)] = [
                ("/nothing", .get, .notFound, "No such file: /nothing"),
                ("/nothing", .post, .notFound, "Not Found: POST /nothing (only GET and HEAD are served)."),
                ("/appleid/button", .post, .notFound, "Not Found: POST /appleid/button (only GET and HEAD are served)."),
                ("/index.html", .delete, .notFound, "Not Found: DELETE /index.html (only GET and HEAD are served)."),
                ("/a/../index.html", .get, .badRequest, "The path contains a '..' segment."),
                ("/appleid/../healthz", .get, .badRequest, "The path contains a '..' segment."),
                ("/%2e%2e/etc/passwd", .get, .badRequest, "The path contains a '..' segment."),
                ("/editor.css%zz", .get, .badRequest, RequestPath.Problem.badPercentEncoding.message),
                ("/appleid/button%ff", .get, .badRequest, RequestPath.Problem.badPercentEncoding.message),
                ("/api/%00", .get, .badRequest, "The path contains a control character."),
                ("/" + String(repeating: "x", count: 3000), .get, .uriTooLong, "The request target is longer than 2048 bytes."),
            ]
            for (path, method, status, body) in cases {
                let response = try await client.execute(uri: path, method: method)
                Self.expectPlainText(response, status, body)
                let head = try await client.execute(uri: path, method: .head)
                if method == .get {
                    #expect(head.status == status && head.body.readableBytes == 0)
                    #expect(head.headers[.contentLength] == String(body.utf8.count))
                }
            }
        }
    }

    @Test("Hummingbird's own errors (empty, JSON, any other error) become plain text; ours pass unchanged")
    func frameworkErrors() async throws {
        struct Oops: Error {}
        let router = Router()
        router.add(middleware: PlainTextErrorMiddleware())
        router.get("/405") { _, _ -> Response in throw HTTPError(.methodNotAllowed, headers: [.allow: "GET"]) }
        router.get("/json") { _, _ -> Response in throw HTTPError(.badRequest, message: "Invalid percent encoding in URL") }
        router.get("/swift") { _, _ -> Response in throw Oops() }
        router.get("/returned") { _, _ in
            Response(status: .conflict, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: "{}")))
        }
        router.get("/ours") { _, _ -> Response in
            throw PlainTextError(status: .serviceUnavailable, message: "Busy.", headers: [.retryAfter: "1"])
        }
        router.get("/ok") { _, _ in "fine" }
        try await Application(router: router).test(.router) { client in
            let notAllowed = try await client.execute(uri: "/405", method: .get)
            Self.expectPlainText(notAllowed, .methodNotAllowed, "Method Not Allowed: GET /405")
            #expect(notAllowed.headers[.allow] == "GET")
            Self.expectPlainText(try await client.execute(uri: "/json", method: .get), .badRequest, "Invalid percent encoding in URL")
            Self.expectPlainText(
                try await client.execute(uri: "/swift", method: .get), .internalServerError,
                "Internal Server Error: GET /swift")
            Self.expectPlainText(try await client.execute(uri: "/returned", method: .get), .conflict, "Conflict: GET /returned")
            Self.expectPlainText(try await client.execute(uri: "/nope", method: .get), .notFound, "Not Found: GET /nope")
            let ours = try await client.execute(uri: "/ours", method: .get)
            Self.expectPlainText(ours, .serviceUnavailable, "Busy.")
            #expect(ours.headers[.retryAfter] == "1")
            #expect(try await client.execute(uri: "/ok", method: .get).text == "fine")
        }
    }

    @Test("Host: missing or repeated in HTTP/1.1 is 400; HTTP/1.0 may omit it")
    func hostHeader() async throws {
        try await TestApp.make().test(.live) { client in
            let port = try #require(client.port)
            let healthy = "ok\nsiwa-buttons \(PackageVersion.current)\n"
            let cases: [(String, Int, String)] = [
                ("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "Missing Host header (required in HTTP/1.1)."),
                ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n", 400, "More than one Host header."),
                ("GET /healthz HTTP/1.1\r\nHost: a\r\nhost: a\r\nConnection: close\r\n\r\n", 400, "More than one Host header."),
                ("GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", 400, "More than one Host header."),
                ("GET /healthz HTTP/1.0\r\n\r\n", 200, healthy),
                ("GET /healthz HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n", 200, healthy),  // empty is allowed
                ("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 200, healthy),
            ]
            for (request, status, body) in cases {
                let response = try await RawHTTP.response(request, port: port)
                #expect(response.status == status, "\(request.debugDescription)")
                #expect(response.body == body, "\(request.debugDescription)")
                if status >= 400 {
                    #expect(response.header("Content-Type") == PlainText.contentType)
                    #expect(response.header("X-Content-Type-Options") == "nosniff")
                }
            }
        }
    }

    @Test("Requests NIO cannot parse get a plain-text reason too, and the connection is closed")
    func unparsable() async throws {
        try await TestApp.make().test(.live) { client in
            let port = try #require(client.port)
            let cases: [(String, Int, String)] = [
                ("GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n", 400, "Malformed request: bad header field."),
                ("GET / HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n", 400, "Malformed request: bad header field."),
                ("GET /\u{01} HTTP/1.1\r\nHost: a\r\n\r\n", 400, "Malformed request: bad request target."),
                ("GET / HTTX/1.1\r\nHost: a\r\n\r\n", 400, "Malformed request: bad request line or HTTP version."),
                ("GET / HTTP/1.1 x\r\nHost: a\r\n\r\n", 400, "Malformed request: bad request line or HTTP version."),
                (
                    "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "y", count: 90 * 1024) + "\r\n\r\n",
                    431, "Request header fields too large."
                ),
                ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n", 400, "Malformed request: bad Content-Length."),
                ("BLAH\r\n\r\n", 400, "Malformed request: bad method."),
                // Request smuggling's classic: both lengths.
                (
                    "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                    400, "Malformed HTTP/1.1 request."
                ),
            ]
            for (request, status, body) in cases {
                let response = try await RawHTTP.response(request, port: port)
                #expect(response.status == status, "\(request.prefix(60).debugDescription)")
                #expect(response.body == body, "\(request.prefix(60).debugDescription)")
                #expect(response.header("Content-Type") == PlainText.contentType)
                #expect(response.header("Connection") == "close")
            }
        }
    }
}
