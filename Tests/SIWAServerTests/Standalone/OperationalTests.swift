import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
import Testing
import SIWAButtons
@testable import SIWAServer

@Suite struct OperationalTests {
    @Test("/healthz answers ok and the release")
    func healthz() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(response.text == "ok\nsiwa-buttons \(PackageVersion.current)\n")
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test("One log line per answer, with method, path, status and time")
    func accessLog() async throws {
        let records = NIOLockedValueBox<[Logger.Metadata]>([])
        var logger = Logger(label: "siwa-buttons-tests") { _ in CollectingLogHandler(records: records) }
        logger.logLevel = .info
        try await TestApp.make(logger: logger).test(.router) { client in
            _ = try await client.execute(uri: "/appleid/button?width=200", method: .get)
            _ = try await client.execute(uri: "/appleid/button?width=999", method: .get)
            _ = try await client.execute(uri: "/appleid/button?" + String(repeating: "a", count: 3000), method: .get)
        }
        let answers = records.withLockedValue { $0 }.filter { $0["http.response.status_code"] != nil }
        #expect(
            answers.map { "\($0["hb.request.method"]!) \($0["http.response.status_code"]!)" }
                == ["GET 200", "GET 404", "GET 414"])
        #expect(answers.first?["hb.request.path"]?.description == "/appleid/button?width=200")
        #expect(answers.allSatisfy { Double($0["http.server.duration_ms"]?.description ?? "") != nil })
        #expect(answers.allSatisfy { $0["hb.request.id"] != nil })
    }

    @Test("/metrics exposes requests by route and status, render times and cache counters")
    func metrics() async throws {
        try await TestApp.make().test(.router) { client in
            // The registry is process-wide and other suites run alongside: compare this
            // test's counts before and after its own requests.
            func scrape() async throws -> [Substring] {
                let response = try await client.execute(uri: "/metrics", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                return response.text.split(separator: "\n")
            }
            /// Sum of the samples of the lines starting with `name` and holding every label.
            func value(_ lines: [Substring], _ name: String, _ labels: String...) -> Double {
                lines.filter { $0.hasPrefix(name) && labels.allSatisfy($0.contains) }
                    .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
            }
            let route = #"http_route="/appleid/button/logo""#
            let before = try await scrape()
            let size = 31 + Int.random(in: 0..<30)  // a button no other test renders
            _ = try await client.execute(uri: "/appleid/button/logo?size=\(size)", method: .get)
            _ = try await client.execute(uri: "/appleid/button/logo?size=\(size)", method: .get)
            _ = try await client.execute(uri: "/appleid/button/logo?size=99", method: .get)
            let after = try await scrape()
            #expect(
                value(after, "hb_requests{", route, #"http_response_status_code="200""#)
                    - value(before, "hb_requests{", route, #"http_response_status_code="200""#) >= 2)
            #expect(
                value(after, "hb_requests{", route, #"http_response_status_code="404""#)
                    - value(before, "hb_requests{", route, #"http_response_status_code="404""#) >= 1)
            #expect(
                value(after, "http_server_request_duration_count{", route)
                    - value(before, "http_server_request_duration_count{", route) >= 3)
            #expect(
                value(after, "siwa_render_duration_seconds_count{", #"format="png""#)
                    - value(before, "siwa_render_duration_seconds_count{", #"format="png""#) >= 1)
            #expect(value(after, "siwa_cache_hits_total ") - value(before, "siwa_cache_hits_total ") >= 1)
            #expect(value(after, "siwa_cache_misses_total ") - value(before, "siwa_cache_misses_total ") >= 1)
            // Gauges: every app of the test process sets the same ones, so only their presence is ours to check.
            #expect(after.contains { $0.hasPrefix("siwa_cache_bytes ") })
            #expect(after.contains { $0.hasPrefix("siwa_cache_entries ") })
        }
    }

    @Test("Files of the public folder are served at /, index.html for the folder")
    func publicFiles() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "<!doctype html><title>editor</title>".write(to: dir.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "body{}".write(to: dir.appendingPathComponent("app.css"), atomically: true, encoding: .utf8)

        try await TestApp.make(publicDirectory: dir.path).test(.router) { client in
            let index = try await client.execute(uri: "/", method: .get)
            #expect(index.status == .ok)
            #expect(index.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(index.text.contains("<title>editor</title>"))
            let css = try await client.execute(uri: "/app.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.text == "body{}")
            let missing = try await client.execute(uri: "/nothing.js", method: .get)
            #expect(missing.status == .notFound)
            // Image routes are not shadowed by files, nor files by image 404s.
            let image = try await client.execute(uri: "/appleid/button", method: .get)
            #expect(image.headers[.contentType] == "image/png")
        }
    }

    @Test("/metrics is for the operator: no CORS headers for another origin; images keep theirs")
    func metricsSameOrigin() async throws {
        try await TestApp.make().test(.router) { client in
            let origin: HTTPFields = [.origin: "https://evil.example"]
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: origin)
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.accessControlAllowOrigin] == nil)
            var preflight = origin
            preflight[.accessControlRequestMethod] = "GET"
            let options = try await client.execute(uri: "/metrics", method: .options, headers: preflight)
            #expect(options.headers[.accessControlAllowOrigin] == nil)
            let image = try await client.execute(uri: "/appleid/button", method: .get, headers: origin)
            #expect(image.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test("Over a real socket: GET, HEAD, 304 and 404 as over the router")
    func live() async throws {
        let expected = try expectedBytes("/appleid/button?width=250&height=40")
        try await TestApp.make().test(.live) { client in
            let get = try await client.execute(uri: "/appleid/button?width=250&height=40", method: .get)
            #expect(get.status == .ok)
            #expect(get.bytes == expected)
            #expect(get.headers[.date] != nil)
            #expect(get.headers[.server] == "siwa-buttons/\(PackageVersion.current)")
            let head = try await client.execute(uri: "/appleid/button?width=250&height=40", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.body.readableBytes == 0)
            let eTag = try #require(get.headers[.eTag])
            let cached = try await client.execute(
                uri: "/appleid/button?width=250&height=40", method: .get,
                headers: [.ifNoneMatch: eTag])
            #expect(cached.status == .notModified)
            let bad = try await client.execute(uri: "/appleid/button?width=9", method: .get)
            #expect(bad.status == .notFound)
            #expect(bad.text == parserMessage("/appleid/button?width=9"))
        }
    }

    @Test("Graceful shutdown: a request in flight is answered before the server stops")
    func gracefulShutdown() async throws {
        let gate = RenderGate()
        defer { gate.open() }  // also when an expectation throws
        let port = PortBox()
        let app = TestApp.make(renderer: TestRenderer(gate: gate), workers: 1) { channel in
            port.set(channel.localAddress?.port)
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await waitUntil { port.value != nil }
            let client = TestClient(host: "127.0.0.1", port: port.value!)
            client.connect()
            // With a Host header (authority): HTTP/1.1 requires one.
            let response = Task {
                try await client.execute(.init("/appleid/button?width=333", method: .get, authority: "localhost"))
            }
            try await waitUntil { gate.entered == 1 }  // the request is being rendered
            await group.triggerGracefulShutdown()
            // Shutdown under way, the request still held: the listener is closed (a new
            // connection is refused), and the open ones are told to close after their answer.
            // Waited for, not slept for: on a busy machine the shutdown's tasks run late.
            try await waitUntil(timeout: .seconds(30)) { (try? RawConnection(port: port.value!)) == nil }
            try await Task.sleep(for: .milliseconds(100))
            gate.open()
            let answered = try await response.value
            let expected = try expectedBytes("/appleid/button?width=333")
            #expect(answered.status == .ok)
            #expect(answered.body.map { Array(buffer: $0) } == expected)
            // The client must not send another request on this connection.
            #expect(answered.headers[.connection] == "close")
            try await client.shutdown()
            try await tasks.waitForAll()  // the service group ends by itself
        }
    }
}

/// The port the live server bound, set from `onServerRunning`.
final class PortBox: Sendable {
    private let box = NIOLockedValueBox<Int?>(nil)
    func set(_ port: Int?) { box.withLockedValue { $0 = port } }
    var value: Int? { box.withLockedValue { $0 } }
}

/// Keeps the metadata of every record (the logger's and the record's own).
struct CollectingLogHandler: LogHandler {
    let records: NIOLockedValueBox<[Logger.Metadata]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(
        level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
        file: String, function: String, line: UInt
    ) {
        let all = self.metadata.merging(metadata ?? [:]) { $1 }
        records.withLockedValue { $0.append(all) }
    }
}
