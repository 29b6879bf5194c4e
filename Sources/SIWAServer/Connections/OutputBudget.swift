import CAllocator
import Dispatch
import Metrics
import Synchronization

/// The bytes of answers written but not yet taken by their clients' sockets, over all
/// connections, against a bound. A connection that is already behind (it holds unsent
/// bytes) gets no more once the total is over the bound: `WriteGuardHandler` closes it.
/// So the total stays under `capacity` plus one answer for each connection that had
/// caught up, and the write timeout frees even those from clients that stop reading.
final class OutputBudget: Sendable {
    let capacity: Int
    private struct State {
        var held = 0
        /// The most `held` has been since freed memory was last handed back to the system.
        var heldAtTrim = 0
        var trimming = false
    }
    private let state = Mutex(State())
    private let gauge = Gauge(label: "siwa_output_pending_bytes")
    let closedOverBudget = Counter(label: "siwa_connections_closed_total", dimensions: [("reason", "output_budget")])
    let closedWriteTimeout = Counter(label: "siwa_connections_closed_total", dimensions: [("reason", "write_timeout")])

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    var held: Int { state.withLock { $0.held } }

    /// Takes `bytes` for a connection that holds `behind` unsent bytes already; false
    /// (nothing taken) when that connection is behind and the total is over the bound.
    func take(_ bytes: Int, behind: Int) -> Bool {
        let total: Int? = state.withLock { state in
            guard behind == 0 || state.held + bytes <= capacity else { return nil }
            state.held += bytes
            state.heldAtTrim = max(state.heldAtTrim, state.held)
            return state.held
        }
        guard let total else { return false }
        gauge.record(total)
        return true
    }

    func give(_ bytes: Int) {
        let (total, trim) = state.withLock { state -> (Int, Bool) in
            state.held -= bytes
            // Slow clients gone: glibc keeps the freed pages in its arenas unless asked.
            let trim = !state.trimming && state.heldAtTrim - state.held > Self.trimAfterBytes
            if trim { state.trimming = true }
            return (state.held, trim)
        }
        gauge.record(total)
        if trim {
            DispatchQueue.global(qos: .utility).async { [self] in
                siwa_release_free_memory()
                state.withLock { state in
                    state.trimming = false
                    state.heldAtTrim = state.held
                }
            }
        }
    }

    /// Freed answer bytes after which memory is handed back to the system (malloc_trim
    /// takes milliseconds: not for every answer).
    static let trimAfterBytes = 16 << 20
}
