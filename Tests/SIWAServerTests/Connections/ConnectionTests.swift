import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServiceLifecycle
import SIWAButtons
import Testing
@testable import SIWAServer

/// Connection handling over real sockets: what `ConnectionPolicyHandler`,
/// `ConnectionLimit` and the idle timeout promise.
@Suite struct ConnectionTests {
    /// Runs `body` against a live server built with the given limits.
    private func withServer(
        idleTimeoutSeconds: Int = 30, maxConnections: Int = 64,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await withLiveServer(
            {
                TestApp.make(
                    idleTimeoutSeconds: idleTimeoutSeconds, maxConnections: maxConnections,
                    onServerRunning: $0)
            }, body)
    }

    @Test("HTTP/1.0 without keep-alive: the answer says Connection: close, and the connection ends")
    func http10() async throws {
        try await withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            let (answer, closed) = await connection.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(try RawHTTP.responses(answer).first?.header("connection") == "close")
            #expect(closed)
        }
    }

    @Test("HTTP/1.0 with keep-alive and HTTP/1.1 stay open for the next request")
    func keepAlive() async throws {
        try await withServer { port in
            for request in [
                "GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
                "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n",
            ] {
                let connection = try RawConnection(port: port)
                connection.send(request)
                #expect(await connection.readAnswer().hasPrefix("HTTP/1.1 200"))
                connection.send(request)
                #expect(await connection.readAnswer().hasPrefix("HTTP/1.1 200"))
            }
        }
    }

    @Test("CONNECT: 405 with Allow, then closed at once (NIO frames an answer to CONNECT without a body)")
    func connect() async throws {
        try await withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
            let started = Date()
            let (answer, closed) = await connection.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 405"))
            let response = try #require(try RawHTTP.responses(answer).first)
            #expect(response.header("allow") == "GET, HEAD, OPTIONS")
            #expect(response.header("connection") == "close")
            #expect(closed)
            #expect(Date().timeIntervalSince(started) < 10)  // not held until the idle timeout (30 s)
        }
    }

    @Test(
        "Missing or repeated Host, a request body, a malformed request: one plain-text line, then closed",
        arguments: [
            ("GET /healthz HTTP/1.1\r\n\r\n", "400", "Missing Host header (required in HTTP/1.1)."),
            ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "400", "More than one Host header."),
            ("GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", "400", "More than one Host header."),
            (
                "GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", "413",
                "Request bodies are not accepted: the service only answers GET, HEAD and OPTIONS."
            ),
            (
                "GET /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "413",
                "Request bodies are not accepted: the service only answers GET, HEAD and OPTIONS."
            ),
            ("GET / HTTP/1.1\r\nHo st: a\r\n\r\n", "400", "Malformed request: bad header field."),
            ("\u{1}\u{2}garbage\r\n\r\n", "400", "Malformed request: bad method."),
        ])
    func refused(request: String, status: String, message: String) async throws {
        try await withServer { port in
            let connection = try RawConnection(port: port)
            connection.send(request)
            let (answer, closed) = await connection.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 \(status)"))
            let response = try #require(try RawHTTP.responses(answer).first)
            #expect(response.header("content-type") == "text/plain; charset=utf-8")
            #expect(response.header("connection") == "close")
            #expect(response.body == message)
            #expect(response.header("content-length") == String(message.utf8.count))
            #expect(closed)
        }
    }

    @Test("A refusal after a good request on the same connection comes after its answer")
    func pipelinedRefusal() async throws {
        try await withServer { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\nGET /healthz HTTP/1.1\r\n\r\n")
            let (answer, closed) = await connection.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.contains("\r\n\r\nok\nsiwa-buttons \(PackageVersion.current)\nHTTP/1.1 400 Bad Request\r\n"))
            #expect(answer.hasSuffix("\r\n\r\nMissing Host header (required in HTTP/1.1)."))
            #expect(closed)
        }
    }

    @Test("Past --max-connections a connection gets a prompt plain-text 503; a slot frees when one closes")
    func connectionLimit() async throws {
        try await withServer(maxConnections: 2) { port in
            var open = [try RawConnection(port: port), try RawConnection(port: port)]
            open[0].send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await open[0].readAnswer().hasPrefix("HTTP/1.1 200"))
            let third = try RawConnection(port: port)
            third.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            let (answer, closed) = await third.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 503"))
            let response = try #require(try RawHTTP.responses(answer).first)
            #expect(response.body == "Too many connections; retry shortly.")
            #expect(response.header("retry-after") == "1")
            #expect(closed)
            open.removeLast()  // closes one
            try await Task.sleep(for: .milliseconds(200))
            let fourth = try RawConnection(port: port)
            fourth.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await fourth.readAnswer().hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("--idle-timeout closes idle connections and ones still sending their request head")
    func idleTimeout() async throws {
        try await withServer(idleTimeoutSeconds: 1) { port in
            let idle = try RawConnection(port: port)
            let slow = try RawConnection(port: port)
            let started = ContinuousClock.now
            // One header byte every 300 ms: activity, but never a whole request head.
            for byte in "GET /healthz HTTP/1.1\r\nHost: a".prefix(6) {
                slow.send(String(byte))
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(await slow.readUntilClosed(timeout: 6).closed)
            #expect(await idle.readUntilClosed(timeout: 6).closed)
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10))  // generous: CI machines are busy
        }
    }
}
