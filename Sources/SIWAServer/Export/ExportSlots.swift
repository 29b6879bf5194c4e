import Synchronization

/// How many exports are made at once, and the line of those waiting for a turn. Past
/// the line, or after waiting `maxWait`, a request gets 503 with a Retry-After of the
/// seconds until a turn would be its own: what the exports running have left and the
/// exports in line ahead of it take, at the rate recent exports were made, shared by the
/// slots.
final class ExportSlots: Sendable {
    let limit: Int
    let lineLength: Int

    /// Seconds to make one file of a set before any export was timed: a release build's
    /// (about 0.005 s a file on 2 cores; a debug build's 0.06 would overstate every wait 12×).
    static let startingSecondsPerFile = 0.005

    private struct Waiter {
        var id: UInt64
        var files: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct Running {
        var files: Int
        var started: ContinuousClock.Instant
    }

    private struct State {
        /// Slots taken, by id, with the files of their export and when it started.
        var running: [UInt64: Running] = [:]
        var line: [Waiter] = []
        var nextId: UInt64 = 0
        /// Seconds to make one file of a set, a moving average of the exports made.
        var secondsPerFile = ExportSlots.startingSecondsPerFile
        /// The Retry-After of each waiter whose time ran out, by id, until `wait` reads it.
        var toldRetry: [UInt64: Int] = [:]

        /// Seconds until a turn for whoever comes after the first `count` waiters: what the
        /// running exports have left, and the waiters' exports, over the slots; 1 to 600.
        func retryAfter(behind count: Int, limit: Int) -> Int {
            let now = ContinuousClock.now
            let left = running.values.reduce(0.0) { total, export in
                let elapsed = now - export.started
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                return total + max(0, secondsPerFile * Double(export.files) - seconds)
            }
            let inLine = line.prefix(count).reduce(0.0) { $0 + secondsPerFile * Double($1.files) }
            return min(600, max(1, Int(((left + inLine) / Double(limit)).rounded(.up))))
        }
    }

    private let state = Mutex(State())

    init(limit: Int, lineLength: Int = 0) {
        self.limit = limit
        self.lineLength = lineLength
    }

    /// A free slot now, or nil (nobody waiting is passed).
    func take(files: Int = 1) -> Slot? {
        let id = state.withLock { s -> UInt64? in
            guard s.running.count < limit, s.line.isEmpty else { return nil }
            s.nextId += 1
            s.running[s.nextId] = Running(files: files, started: .now)
            return s.nextId
        }
        return id.map { Slot(slots: self, id: $0) }
    }

    /// What `wait` gives: a slot, or why not with the seconds to say in Retry-After.
    enum Turn {
        case granted(Slot)
        /// The line was full, or the wait ran out: retry in this many seconds.
        case busy(retryAfter: Int)
        /// The task was cancelled (the client went away).
        case cancelled
    }

    /// A slot, after waiting in line for at most `maxWait`; busy when the line is full or
    /// the wait ran out, cancelled when the task was (its client went away), leaving the
    /// line at once either way.
    func wait(upTo maxWait: Duration, files: Int = 1) async -> Turn {
        let id = state.withLock { s in
            s.nextId += 1
            return s.nextId
        }
        let timer = Task {
            try? await Task.sleep(for: maxWait)
            self.giveUp(id, timedOut: true)
        }
        defer { timer.cancel() }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { s in
                    if s.running.count < limit && s.line.isEmpty {
                        s.running[id] = Running(files: files, started: .now)
                        return true
                    }
                    guard s.line.count < lineLength, !Task.isCancelled else {
                        // Refused: after everyone in line.
                        s.toldRetry[id] = s.retryAfter(behind: s.line.count, limit: limit)
                        return false
                    }
                    s.line.append(Waiter(id: id, files: files, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            giveUp(id, timedOut: false)
        }
        if granted { return .granted(Slot(slots: self, id: id)) }
        let told = state.withLock { $0.toldRetry.removeValue(forKey: id) }
        if Task.isCancelled && told == nil { return .cancelled }
        return .busy(retryAfter: told ?? 1)
    }

    /// Takes a waiter out of the line (its time ran out, or its client left); one whose
    /// time ran out is told to come back when those ahead of it are done.
    private func giveUp(_ id: UInt64, timedOut: Bool) {
        let waiter = state.withLock { s -> Waiter? in
            guard let index = s.line.firstIndex(where: { $0.id == id }) else { return nil }
            if timedOut { s.toldRetry[id] = s.retryAfter(behind: index, limit: limit) }
            return s.line.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    /// A freed slot goes to the first in line, else back to the pool.
    fileprivate func release(_ id: UInt64) {
        let next = state.withLock { s -> Waiter? in
            s.running[id] = nil
            guard !s.line.isEmpty else { return nil }
            let next = s.line.removeFirst()
            s.running[next.id] = Running(files: next.files, started: .now)
            return next
        }
        next?.continuation.resume(returning: true)
    }

    var inUse: Int { state.withLock { $0.running.count } }
    var waiting: Int { state.withLock { $0.line.count } }

    /// An export of `files` files made in `seconds` (not counting the client's download,
    /// which goes at the client's pace): weighs one in four into the rate.
    func record(seconds: Double, files: Int) {
        state.withLock { $0.secondsPerFile = 0.75 * $0.secondsPerFile + 0.25 * seconds / Double(max(1, files)) }
    }

    /// Seconds until a request that comes now would have a turn: after the exports running
    /// and everyone in line; 1 to 600.
    func retryAfter() -> Int {
        state.withLock { $0.retryAfter(behind: $0.line.count, limit: limit) }
    }

    /// Given back once, by `release()` or when the last reference goes.
    final class Slot: Sendable {
        private let slots: ExportSlots
        private let id: UInt64
        private let released = Mutex(false)

        init(slots: ExportSlots, id: UInt64) {
            self.slots = slots
            self.id = id
        }

        func release() {
            let first = released.withLock { done in
                defer { done = true }
                return !done
            }
            if first { slots.release(id) }
        }

        deinit { release() }
    }
}
