import Foundation
import Testing
@testable import SIWAServer

/// The export line's Retry-After: what is ahead of each request, at the measured rate.
/// The running export's time left shrinks as the test runs (under load, by a second or
/// more), so each expectation allows what elapsed, measured.
@Suite struct ExportSlotsTests {
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Whether `told` is `expected` seconds less some time that elapsed, at least `least`
    /// and at most `elapsed`, rounded up as Retry-After is.
    private static func isWait(_ told: Int, _ expected: Double, least: Double, elapsed: Duration) -> Bool {
        let lowest = Int(max(1, expected - seconds(elapsed)).rounded(.up))
        let highest = Int((expected - least).rounded(.up))
        return (lowest...highest).contains(told)
    }

    @Test("Who gives up is told when those still ahead are done: the first in line the shortest, near the real wait")
    func retryAfterCountsOnlyWhatIsAhead() async throws {
        let started = ContinuousClock.now
        let slots = ExportSlots(limit: 1, lineLength: 4)
        // A running export of 1,000 files: 5 s at the starting rate of a release build.
        let rate = ExportSlots.startingSecondsPerFile
        let running = try #require(slots.take(files: 1_000))
        // In line, in this order: one that gives up after 0.2 s, two that stay, one that gives
        // up after 0.4 s (400 files each: 2 s each).
        let waits: [Duration] = [.milliseconds(200), .seconds(60), .seconds(60), .milliseconds(400)]
        var waiters: [Task<ExportSlots.Turn, Never>] = []
        for (index, wait) in waits.enumerated() {
            waiters.append(Task { await slots.wait(upTo: wait, files: 400) })
            while slots.waiting < index + 1 { try await Task.sleep(for: .milliseconds(2)) }
        }
        guard case .busy(let first) = await waiters[0].value, case .busy(let last) = await waiters[3].value else {
            Issue.record("the waiters whose time ran out were not told to come back")
            return
        }
        let elapsed = ContinuousClock.now - started
        // The first waits only for the running export's time left: within 2x of it.
        #expect(Self.isWait(first, 1_000 * rate, least: 0.2, elapsed: elapsed), "told \(first) s")
        // The last for that and the two still ahead of it (the first has left): not the whole line.
        #expect(Self.isWait(last, (1_000 + 800) * rate, least: 0.4, elapsed: elapsed), "told \(last) s")
        #expect(first < last)
        #expect(slots.waiting == 2)
        // A newcomer is told the wait after all of them.
        #expect(Self.isWait(slots.retryAfter(), (1_000 + 800) * rate, least: 0.4, elapsed: ContinuousClock.now - started))
        running.release()
        guard case .granted(let second) = await waiters[1].value else {
            Issue.record("the first who stayed did not get the freed slot")
            return
        }
        second.release()
        guard case .granted = await waiters[2].value else {
            Issue.record("the second who stayed did not get the next slot")
            return
        }
    }

    @Test("A full line refuses with the wait after everyone in it")
    func fullLine() async throws {
        let started = ContinuousClock.now
        let slots = ExportSlots(limit: 1, lineLength: 1)
        let running = try #require(slots.take(files: 1_000))
        let inLine = Task { await slots.wait(upTo: .seconds(60), files: 1_000) }
        while slots.waiting < 1 { try await Task.sleep(for: .milliseconds(2)) }
        guard case .busy(let retry) = await slots.wait(upTo: .seconds(60), files: 10) else {
            Issue.record("a full line took another waiter")
            return
        }
        // The running export's time left and the one in line's 5 s.
        let rate = ExportSlots.startingSecondsPerFile
        #expect(Self.isWait(retry, 2_000 * rate, least: 0, elapsed: ContinuousClock.now - started), "told \(retry) s")
        running.release()
        guard case .granted = await inLine.value else {
            Issue.record("the one in line did not get the freed slot")
            return
        }
    }

    @Test("A cancelled waiter leaves the line at once, and the next one gets the freed slot")
    func cancelledWaiterLeaves() async throws {
        let slots = ExportSlots(limit: 1, lineLength: 4)
        let running = try #require(slots.take(files: 10))
        let leaver = Task { await slots.wait(upTo: .seconds(60), files: 10) }
        while slots.waiting < 1 { try await Task.sleep(for: .milliseconds(2)) }
        let live = Task { await slots.wait(upTo: .seconds(60), files: 10) }
        while slots.waiting < 2 { try await Task.sleep(for: .milliseconds(2)) }
        leaver.cancel()
        guard case .cancelled = await leaver.value else {
            Issue.record("a cancelled waiter was not told so")
            return
        }
        #expect(slots.waiting == 1)
        running.release()
        guard case .granted = await live.value else {
            Issue.record("the live waiter did not get the freed slot")
            return
        }
    }
}
