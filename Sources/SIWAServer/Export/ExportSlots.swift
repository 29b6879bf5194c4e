import Synchronization

/// How many exports are made at once, and the line of those waiting for a turn. Past
/// the line, or after waiting `maxWait`, a request gets 503 with `retryAfter(files:)`:
/// the seconds the exports ahead of it (running and in line, counted in files) and its
/// own should take at the rate recent exports were made, shared by the slots.
final class ExportSlots: Sendable {
    let limit: Int
    let lineLength: Int

    private struct Waiter {
        var id: UInt64
        var files: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        /// Slots taken, by id, with the files of their export.
        var running: [UInt64: Int] = [:]
        var line: [Waiter] = []
        var nextId: UInt64 = 0
        /// Seconds to make one file of a set, a moving average (starting at the default
        /// set's: 87 files in about 5 s on a loaded debug build).
        var secondsPerFile = 0.06
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
            s.running[s.nextId] = files
            return s.nextId
        }
        return id.map { Slot(slots: self, id: $0) }
    }

    /// A slot, after waiting in line for at most `maxWait`; nil when the line is full,
    /// the wait ran out or the task was cancelled (the client went away).
    func wait(upTo maxWait: Duration, files: Int = 1) async -> Slot? {
        let id = state.withLock { s in
            s.nextId += 1
            return s.nextId
        }
        let timer = Task {
            try? await Task.sleep(for: maxWait)
            self.giveUp(id)
        }
        defer { timer.cancel() }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { s in
                    if s.running.count < limit && s.line.isEmpty {
                        s.running[id] = files
                        return true
                    }
                    guard s.line.count < lineLength, !Task.isCancelled else { return false }
                    s.line.append(Waiter(id: id, files: files, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            giveUp(id)
        }
        return granted ? Slot(slots: self, id: id) : nil
    }

    /// Takes a waiter out of the line (its time ran out, or its client left).
    private func giveUp(_ id: UInt64) {
        let waiter = state.withLock { s -> Waiter? in
            guard let index = s.line.firstIndex(where: { $0.id == id }) else { return nil }
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
            s.running[next.id] = next.files
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

    /// Seconds until an export of `files` files would likely be made, if asked now: the
    /// files of those running and in line and its own, at the recent rate, over the
    /// slots; 1 to 600.
    func retryAfter(files: Int) -> Int {
        state.withLock { s in
            let ahead = s.running.values.reduce(0, +) + s.line.reduce(0) { $0 + $1.files } + files
            return min(600, max(1, Int((s.secondsPerFile * Double(ahead) / Double(limit)).rounded(.up))))
        }
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
