import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
import SIWAButtons
import Testing
@testable import SIWAServer

/// `/healthz` (liveness: the render threads progress) and `/readyz` (readiness: alive,
/// not draining, not shedding load), and what a failing render answers.
@Suite struct ReadinessTests {
    @Test("/readyz answers ok, HEAD too, never cached")
    func ready() async throws {
        try await TestApp.make().test(.router) { client in
            for method in [HTTPRequest.Method.get, .head] {
                let response = try await client.execute(uri: "/readyz", method: method)
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test("While the queue sheds load /readyz is 503 and /healthz stays 200; ready again once it drains")
    func shedding() async throws {
        let gate = RenderGate()
        defer { gate.open() }
        try await TestApp.make(renderer: TestRenderer(gate: gate), workers: 1, queueDepth: 0).test(.router) { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/appleid/button?width=331", method: .get) }
                try await waitUntil { gate.entered == 1 }
                #expect(try await client.execute(uri: "/appleid/button?width=332", method: .get).status == .serviceUnavailable)
                let notReady = try await client.execute(uri: "/readyz", method: .get)
                #expect(notReady.status == .serviceUnavailable)
                #expect(String(buffer: notReady.body).hasPrefix("shedding load"))
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                gate.open()
                _ = try await group.next()
            }
            try await Task.sleep(for: .milliseconds(1100))  // refusals count for a second
            #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
        }
    }

    @Test("Render threads that make no progress fail /healthz and /readyz, until they do")
    func stalled() async throws {
        let gate = RenderGate()
        defer { gate.open() }
        try await TestApp.make(renderer: TestRenderer(gate: gate), workers: 1, stallSeconds: 1).test(.router) { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/appleid/button?width=341", method: .get) }
                try await waitUntil { gate.entered == 1 }
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                try await Task.sleep(for: .milliseconds(1200))
                let health = try await client.execute(uri: "/healthz", method: .get)
                #expect(health.status == .serviceUnavailable)
                #expect(String(buffer: health.body).hasPrefix("render threads stalled"))
                #expect(try await client.execute(uri: "/readyz", method: .get).status == .serviceUnavailable)
                gate.open()
                #expect(try #require(try await group.next()).status == .ok)
            }
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    @Test("After SIGTERM's graceful shutdown starts, /readyz is 503 for the drain while buttons are still served")
    func draining() async throws {
        let port = PortBox()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, drainSeconds: 5)
        let service = ButtonService(configuration: configuration, backend: TestRenderer().backend, logger: Logger(label: "test"))
        let app = buildApplication(configuration: configuration, service: service, logger: Logger(label: "test"), metrics: nil) {
            port.set($0.localAddress?.port)
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: app), .init(service: DrainService(buttons: service, seconds: 5))],
                logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await waitUntil { port.value != nil }
            let ready = try RawConnection(port: port.value!)
            ready.send("GET /readyz HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await ready.readAnswer(timeout: 20).hasPrefix("HTTP/1.1 200"))
            await group.triggerGracefulShutdown()
            try await waitUntil { service.readiness != .ok }
            let draining = try RawConnection(port: port.value!)
            draining.send("GET /readyz HTTP/1.1\r\nHost: a\r\n\r\n")
            let answer = await draining.readAnswer(timeout: 20)
            #expect(answer.hasPrefix("HTTP/1.1 503"))
            #expect(answer.hasSuffix("draining: shutting down\n"))
            let button = try RawConnection(port: port.value!)
            button.send("GET /appleid/button HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await button.readAnswer(timeout: 20).hasPrefix("HTTP/1.1 200"))
            try await tasks.waitForAll()
        }
    }

    @Test("A render that fails answers 503 with Retry-After, never cached, and the next request renders again")
    func failedRender() async throws {
        let calls = NIOLockedValueBox(0)
        let backend = RenderBackend(fingerprint: "failing") { spec, format, scale in
            let call = calls.withLockedValue {
                $0 += 1; return $0
            }
            if call == 1 { throw RenderError.fontUnavailable("Inter Medium 74691") }
            return try ButtonRenderer.shared().render(spec, format: format, scale: scale)
        }
        try await TestApp.make(backend: backend).test(.router) { client in
            let failed = try await client.execute(uri: "/appleid/button?width=226&height=52", method: .get)
            #expect(failed.status == .serviceUnavailable)
            #expect(failed.headers[.retryAfter] == "1")
            #expect(failed.headers[.cacheControl] == "no-store")
            #expect(failed.headers[.eTag] == nil)
            let retried = try await client.execute(uri: "/appleid/button?width=226&height=52", method: .get)
            #expect(retried.status == .ok)
        }
    }
}
