import NIOConcurrencyHelpers

/// How many exports run at once, and the line of those waiting for one. A slot is held
/// from admission until the archive is sent or dropped (and its temporary files gone),
/// so the disk exports use is bounded too. Past the line, or after waiting `maxWait`,
/// a request gets 503 with `retryAfter`: the seconds the exports ahead of it should
/// take, from how long recent exports took to make.
final class ExportSlots: Sendable {
    let limit: Int
    let lineLength: Int

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var taken = 0
        var line: [Waiter] = []
        var nextId: UInt64 = 0
        /// Seconds one export takes to make (generate and archive), a moving average.
        var averageSeconds = Double(ExportEndpoint.retryAfterSeconds)
    }

    private let state = NIOLockedValueBox(State())

    init(limit: Int, lineLength: Int = 0) {
        self.limit = limit
        self.lineLength = lineLength
    }

    /// A free slot now, or nil (nobody waiting is passed).
    func take() -> Slot? {
        let ok = state.withLockedValue { s in
            guard s.taken < limit, s.line.isEmpty else { return false }
            s.taken += 1
            return true
        }
        return ok ? Slot(slots: self) : nil
    }

    /// A slot, after waiting in line for at most `maxWait`; nil when the line is full,
    /// the wait ran out or the task was cancelled (the client went away).
    func wait(upTo maxWait: Duration) async -> Slot? {
        let id = state.withLockedValue { s in
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
                let now: Bool? = state.withLockedValue { s in
                    if s.taken < limit && s.line.isEmpty {
                        s.taken += 1
                        return true
                    }
                    guard s.line.count < lineLength, !Task.isCancelled else { return false }
                    s.line.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            giveUp(id)
        }
        return granted ? Slot(slots: self) : nil
    }

    /// Takes a waiter out of the line (its time ran out, or its client left).
    private func giveUp(_ id: UInt64) {
        let waiter = state.withLockedValue { s -> Waiter? in
            guard let index = s.line.firstIndex(where: { $0.id == id }) else { return nil }
            return s.line.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    /// A freed slot goes to the first in line, else back to the pool.
    fileprivate func release() {
        let next = state.withLockedValue { s -> Waiter? in
            if s.line.isEmpty {
                s.taken -= 1
                return nil
            }
            return s.line.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }

    var inUse: Int { state.withLockedValue { $0.taken } }
    var waiting: Int { state.withLockedValue { $0.line.count } }

    /// An export made in `seconds` (not counting the client's download, which is the
    /// client's own pace): weighs one in four into the average.
    func record(seconds: Double) {
        state.withLockedValue { $0.averageSeconds = 0.75 * $0.averageSeconds + 0.25 * seconds }
    }

    /// Seconds until a slot is likely free for one more request: one average export per
    /// round of `limit` slots for those in line and the one asking; 1 to 600.
    var retryAfter: Int {
        state.withLockedValue { s in
            let rounds = (s.line.count + 1 + limit - 1) / limit
            return min(600, max(1, Int((s.averageSeconds * Double(rounds)).rounded(.up))))
        }
    }

    /// Given back once, by `release()` or when the last reference goes.
    final class Slot: Sendable {
        private let slots: ExportSlots
        private let released = NIOLockedValueBox(false)

        init(slots: ExportSlots) { self.slots = slots }

        func release() {
            let first = released.withLockedValue { done in
                defer { done = true }
                return !done
            }
            if first { slots.release() }
        }

        deinit { release() }
    }
}
