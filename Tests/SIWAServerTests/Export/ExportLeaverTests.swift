import Foundation
import Hummingbird
import Logging
import Testing
@testable import SIWAServer

/// Clients that ask for an export and leave while in line, over real sockets through the
/// service's own connections: Hummingbird does not cancel their handlers, so the
/// connection's close must free their turns, or the service would make their sets for
/// nobody while a live client waits.
@Suite struct ExportLeaverTests {
    static let smallSet = "GET /api/export.zip?modes=logo&styles=black HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// The export routes on the service's guarded HTTP/1 server, with their slots reachable.
    private static func app(limits: ExportLimits, port: PortBox) -> (some ApplicationProtocol, ExportRoutes<BasicRequestContext>) {
        var logger = Logger(label: "export-leaver-tests")
        logger.logLevel = .warning
        let service = ButtonService(backend: TestRenderer().backend, workers: 2, queueDepth: 8, cacheMB: 0, logger: logger)
        let exports = ExportRoutes<BasicRequestContext>(service: service, limits: limits, logger: logger)
        let router = Router()
        router.addRoutes(exports.routes)
        let app = Application(
            router: router,
            server: .guardedHTTP1(
                idleTimeout: .seconds(30), limit: ConnectionLimit(maximum: 64), writeTimeout: .seconds(30),
                budget: OutputBudget(capacity: 32 << 20)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            services: [service], onServerRunning: { port.set($0.localAddress?.port) }, logger: logger)
        return (app, exports)
    }

    @Test("Five clients that leave while in line free their turns at once: a live export is not delayed")
    func leaversFreeTheirTurns() async throws {
        let port = PortBox()
        let (app, exports) = Self.app(limits: ExportLimits(concurrent: 1, line: 8, maxWait: .seconds(120), downloads: 8), port: port)
        try await withLiveServer(app, port: port) { port in
            // The live client's export alone, for reference.
            var started = ContinuousClock.now
            #expect(try await RawHTTP.exchange(Self.smallSet, port: port, timeout: .seconds(60)).hasPrefix("HTTP/1.1 200"))
            let alone = ContinuousClock.now - started
            // The only slot is taken; five clients ask, wait in line and leave.
            let running = try #require(exports.slots.take(files: 1))
            var leavers: [RawConnection] = []
            for _ in 0..<5 {
                let leaver = try RawConnection(port: port)
                leaver.send(Self.smallSet)
                leavers.append(leaver)
            }
            try await waitUntil { exports.slots.waiting == 5 }
            started = ContinuousClock.now
            leavers.removeAll()  // closed: each sends its FIN
            try await waitUntil(timeout: .seconds(5)) { exports.slots.waiting == 0 }
            let emptied = ContinuousClock.now - started
            #expect(emptied < .milliseconds(200), "the leavers left the line after \(emptied)")
            // The live client, next in line, has the freed slot and only its own export's time.
            let live = Task { try await RawHTTP.exchange(Self.smallSet, port: port, timeout: .seconds(60)) }
            try await waitUntil { exports.slots.waiting == 1 }
            started = ContinuousClock.now
            running.release()
            #expect(try await live.value.hasPrefix("HTTP/1.1 200"))
            let delay = Self.seconds(ContinuousClock.now - started) - Self.seconds(alone)
            #expect(delay < 0.2, "the live export came \(delay) s later than its own time")
        }
    }
}
