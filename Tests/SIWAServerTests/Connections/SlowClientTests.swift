import Foundation
import Hummingbird
import NIOCore
import Testing
@testable import SIWAServer

/// Clients that ask and never read, over real sockets: the write timeout closes them,
/// and answers nobody reads are bounded in total.
@Suite struct SlowClientTests {
    private func withServer(
        writeTimeoutSeconds: Int = 30, outputBudgetMB: Int = 32, maxConnections: Int = 64,
        pipelineLimit: Int = PipelineLimitHandler.defaultLimit,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await withLiveServer(
            {
                TestApp.make(
                    writeTimeoutSeconds: writeTimeoutSeconds, outputBudgetMB: outputBudgetMB,
                    maxConnections: maxConnections, pipelineLimit: pipelineLimit, onServerRunning: $0)
            }, body)
    }

    /// Requests for large answers, pipelined, from a client whose receive window is small.
    private static func pipelineLargeAnswers(_ connection: RawConnection, count: Int = 200) {
        let request = "GET /appleid/button?width=375&height=64&scale=6 HTTP/1.1\r\nHost: a\r\n\r\n"
        connection.send(String(repeating: request, count: count))
    }

    /// Whether a new connection is served (not refused as one too many) within `seconds`.
    private static func served(port: Int, within seconds: Double) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let probe = try RawConnection(port: port)
            probe.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            if await probe.readAnswer(timeout: 1).hasPrefix("HTTP/1.1 200") { return true }
            try await Task.sleep(for: .milliseconds(200))
        } while Date() < deadline
        return false
    }

    @Test("A client that stops reading is disconnected after --write-timeout, freeing its connection")
    func writeTimeout() async throws {
        // One connection allowed: while the slow client holds it, others are refused.
        try await withServer(writeTimeoutSeconds: 1, maxConnections: 1) { port in
            let slow = try RawConnection(port: port, receiveBuffer: 4096)
            Self.pipelineLargeAnswers(slow)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await Self.served(port: port, within: 0.2) == false, "the slow client holds the only connection")
            let started = Date()
            #expect(try await Self.served(port: port, within: 6), "the slow client was not disconnected")
            // The write timeout (1 s, checked when it falls due), not the idle timeout (30 s).
            #expect(Date().timeIntervalSince(started) < 4)
            withExtendedLifetime(slow) {}
        }
    }

    @Test("A client that reads slowly but steadily is not disconnected")
    func steadyReader() async throws {
        try await withServer(writeTimeoutSeconds: 1) { port in
            let reader = try RawConnection(port: port, receiveBuffer: 4096)
            Self.pipelineLargeAnswers(reader, count: 20)
            #expect(await reader.readAnswer(timeout: 20).hasPrefix("HTTP/1.1 200"))
            // Then about 3 s of reading a little at a time: progress every 100 ms.
            let (text, closed) = await reader.readUntilClosed(timeout: 3, chunk: 2048, pause: 0.1)
            #expect(!closed)
            #expect(text.count > 10_000)
        }
    }

    @Test("Past the output budget, clients already behind are disconnected")
    func outputBudget() async throws {
        // 1 MiB for everybody; each slow client asks for about 8 MB of answers. With 4
        // requests read ahead per connection (the default), 8 clients stay under 1 MiB
        // unread; with no such limit, they pass it.
        try await withServer(writeTimeoutSeconds: 60, outputBudgetMB: 1, maxConnections: 8, pipelineLimit: 1000) { port in
            var slow: [RawConnection] = []
            for _ in 0..<8 {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                Self.pipelineLargeAnswers(connection)
                slow.append(connection)
            }
            // Without the budget all 8 would hold their connections for the 60 s write timeout.
            #expect(try await Self.served(port: port, within: 5), "no slow client was disconnected for the budget")
            withExtendedLifetime(slow) {}
        }
    }

    @Test("The budget: a client that is behind gets nothing more once the total is over it")
    func budgetAccounting() {
        let budget = OutputBudget(capacity: 100)
        #expect(budget.take(80, behind: 0))
        #expect(budget.take(30, behind: 80) == false)  // behind, and 110 > 100
        #expect(budget.take(30, behind: 0))  // caught up: one answer may go out
        #expect(budget.held == 110)
        #expect(budget.take(1, behind: 30) == false)
        budget.give(80)
        #expect(budget.take(60, behind: 30))
        #expect(budget.held == 90)
    }
}

/// An export whose client stops reading holds a download place (and its unlinked archive)
/// only until the write timeout closes the connection.
@Suite struct SlowExportReaderTests {
    @Test("A client that stops reading an export frees the only download place after --write-timeout")
    func slowExportReader() async throws {
        let limits = ExportLimits(downloads: 1)
        try await withLiveServer({ TestApp.make(writeTimeoutSeconds: 1, exportLimits: limits, onServerRunning: $0) }) { port in
            // About 6 MB of archive (more than the kernel's socket buffers take), to a client
            // with a 4 KB window that never reads.
            let slow = try RawConnection(port: port, receiveBuffer: 4096)
            slow.send(
                "GET /api/export.zip?locales=en_US,de_DE,fr_FR,ja_JP,es_ES,it_IT,nl_NL,pt_BR&scales=5,6&formats=png,webp HTTP/1.1\r\nHost: a\r\n\r\n"
            )
            try await Task.sleep(for: .milliseconds(500))
            let busy = try await RawHTTP.exchange(
                "GET /api/export.zip?modes=logo&styles=black HTTP/1.1\r\nHost: a\r\n"
                    + "Connection: close\r\n\r\n", port: port)
            #expect(busy.hasPrefix("HTTP/1.1 503"), "the slow reader holds the only download place")
            // Freed once its answer has waited a second unread (plus the time to make the set).
            var served = false
            for _ in 0..<120 where !served {
                try await Task.sleep(for: .milliseconds(500))
                let answer = try await RawHTTP.exchange(
                    "GET /api/export.zip?modes=logo&styles=black HTTP/1.1\r\nHost: a\r\n"
                        + "Connection: close\r\n\r\n", port: port)
                served = answer.hasPrefix("HTTP/1.1 200")
            }
            #expect(served, "the download place was not freed")
            withExtendedLifetime(slow) {}
        }
    }
}
