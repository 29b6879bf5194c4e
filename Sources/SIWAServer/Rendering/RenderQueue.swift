import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import NIOPosix
import ServiceLifecycle

/// Runs renders off the event loop on `workers` dedicated threads, admitting at most
/// `workers + depth` at once (running + waiting). Past that, `run` throws
/// `RenderQueue.Full` at once, which the route answers with 503 + Retry-After: a
/// burst of new buttons then costs a retry, not unbounded memory and latency.
///
/// Renders are synchronous and CPU-bound (Cairo/Pango), so they get their own threads
/// rather than Swift's cooperative pool, which the HTTP handlers need to stay responsive.
///
/// It also watches itself: a render stuck inside a C library never returns, so the
/// queue records when work last progressed, and `/healthz` and `/readyz` fail when
/// renders have been waiting with no progress for `stallSeconds`.
final class RenderQueue: Service {
    struct Full: Error {}

    /// The render was given up at shutdown: its thread did not answer within the grace
    /// (`abandon()`); the request gets 503.
    struct Abandoned: Error {}

    /// Renders stopped progressing; the threads could not be stopped.
    struct Stuck: Error, CustomStringConvertible {
        var seconds: Double
        /// What the renders not finished were (`RenderQueue.unfinished`).
        var renders: [String] = []
        var description: String {
            "The render threads made no progress for \(Int(seconds)) s and did not stop; exiting without them"
                + (renders.isEmpty ? "." : " (\(renders.count) stuck: \(renders.joined(separator: ", "))).")
        }
    }

    let workers: Int
    let depth: Int
    /// Seconds of no progress with renders admitted after which the queue counts as stalled.
    let stallSeconds: Double
    private let pool: NIOThreadPool

    private struct State {
        var admitted = 0
        /// Uptime (ns) of the last progress: a render finished, an export wrote a file, or
        /// work arrived at an idle queue.
        var lastProgress = DispatchTime.now().uptimeNanoseconds
        /// Uptime (ns) of the last request refused because the queue was full.
        var lastRefusal: UInt64?
        var nextID = 0
        /// Renders admitted and not answered yet, by id: what they are, since when, and
        /// how to fail their request (`abandon()`). Whoever removes an entry answers it.
        var unanswered: [Int: Unanswered] = [:]
        /// Set by `abandon()`: later renders fail at once.
        var abandoned = false
    }
    private struct Unanswered {
        var label: String
        /// Uptime (ns) it was admitted, and it started on a thread (nil: still waiting).
        var admitted: UInt64
        var started: UInt64?
        var fail: @Sendable (any Error) -> Void
    }
    private let state = Mutex(State())
    /// Set once the thread pool has stopped (`shutdown`).
    private let poolStopped = Mutex(false)

    init(workers: Int, depth: Int, stallSeconds: Double = 20) {
        precondition(workers > 0 && depth >= 0 && stallSeconds > 0)
        self.workers = workers
        self.depth = depth
        self.stallSeconds = stallSeconds
        pool = NIOThreadPool(numberOfThreads: workers)
        // Started here, not in `run()`, so the pool is ready before the server accepts.
        pool.start()
    }

    /// Renders running or waiting right now.
    var load: Int { state.withLock { $0.admitted } }

    private var limit: Int {
        let (sum, overflow) = workers.addingReportingOverflow(depth)
        return overflow ? Int.max : sum
    }

    /// Runs `body` on a render thread and returns its result, or throws `Full` at once
    /// when `workers + depth` renders are admitted already. `label` says what the render
    /// is (the request target), for the line naming stuck renders at shutdown.
    func run<T: Sendable>(_ label: String = "a render", _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let limit = self.limit
        let isAdmitted = state.withLock { state in
            guard state.admitted < limit else {
                state.lastRefusal = DispatchTime.now().uptimeNanoseconds
                return false
            }
            // Work arriving at an idle queue starts the stall clock afresh.
            if state.admitted == 0 { state.lastProgress = DispatchTime.now().uptimeNanoseconds }
            state.admitted += 1
            return true
        }
        guard isAdmitted else { throw Full() }
        defer { state.withLock { $0.admitted -= 1 } }
        // Not `pool.runIfActive`: a request must be answerable (503) while its thread is
        // stuck in C code, so the continuation is also held here, for `abandon()`.
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let id: Int? = state.withLock { state in
                guard !state.abandoned else { return nil }
                let id = state.nextID
                state.nextID += 1
                state.unanswered[id] = Unanswered(
                    label: label, admitted: DispatchTime.now().uptimeNanoseconds,
                    fail: { continuation.resume(throwing: $0) })
                return id
            }
            guard let id else { return continuation.resume(throwing: Abandoned()) }
            pool.submit { [self] workState in
                guard workState == .active else {
                    if take(id) { continuation.resume(throwing: NIOThreadPoolError.ThreadPoolInactive()) }
                    return
                }
                let isWanted = state.withLock { state in
                    guard state.unanswered[id] != nil else { return false }
                    state.unanswered[id]?.started = DispatchTime.now().uptimeNanoseconds
                    return true
                }
                guard isWanted else { return }  // abandoned while it waited
                RenderThreadPriority.lower()
                let result = Result { try body() }
                noteProgress()
                if take(id) { continuation.resume(with: result) }
            }
        }
    }

    /// Removes render `id` from those unanswered; true if the caller is to answer it.
    private func take(_ id: Int) -> Bool {
        state.withLock { $0.unanswered.removeValue(forKey: id) != nil }
    }

    /// Gives up every render not answered yet: their requests get `Abandoned` (503) at
    /// once, later ones too, whatever their threads do. Returns what they were
    /// (`unfinished`), for the line naming them.
    @discardableResult
    func abandon() -> [String] {
        let (names, failures) = state.withLock { state in
            state.abandoned = true
            let names = Self.describe(state.unanswered)
            let failures = state.unanswered.values.map(\.fail)
            state.unanswered = [:]
            return (names, failures)
        }
        for fail in failures { fail(Abandoned()) }
        return names
    }

    /// The renders admitted and not answered: "png /appleid/button?width=300 (running 12 s)",
    /// "... (waiting 3 s)", oldest first.
    var unfinished: [String] {
        state.withLock { Self.describe($0.unanswered) }
    }

    private static func describe(_ unanswered: [Int: Unanswered]) -> [String] {
        let now = DispatchTime.now().uptimeNanoseconds
        return unanswered.sorted { $0.key < $1.key }.map { _, render in
            if let started = render.started {
                return "\(render.label) (running \(Int(Double(now - started) / 1e9)) s)"
            }
            return "\(render.label) (waiting \(Int(Double(now - render.admitted) / 1e9)) s)"
        }
    }

    /// Long jobs on one worker (an export) call this as they go, so that they do not look stalled.
    func noteProgress() {
        state.withLock { $0.lastProgress = DispatchTime.now().uptimeNanoseconds }
    }

    /// Seconds renders have been admitted with no progress, when that is at least
    /// `stallSeconds` (the threads are stuck); nil otherwise.
    var stall: Double? {
        let seconds = secondsWithoutProgress
        return seconds >= stallSeconds ? seconds : nil
    }

    /// Seconds renders have been admitted with none finishing (0 when none is admitted).
    var secondsWithoutProgress: Double {
        state.withLock { state in
            guard state.admitted > 0 else { return 0 }
            return Double(DispatchTime.now().uptimeNanoseconds - state.lastProgress) / 1e9
        }
    }

    /// Whether the queue is refusing work: full now, or it refused a render in the last second.
    var isShedding: Bool {
        let limit = self.limit
        return state.withLock { state in
            if state.admitted >= limit { return true }
            guard let refused = state.lastRefusal else { return false }
            return DispatchTime.now().uptimeNanoseconds - refused < 1_000_000_000
        }
    }

    /// Service: stop the threads once the application shuts down. The HTTP server is
    /// started after this service, so it is shut down (in-flight requests answered) first.
    func run() async throws {
        try? await gracefulShutdown()
        try await shutdown()
    }

    /// Stops the threads after the renders already submitted; later ones fail. Threads
    /// stuck in a C library never finish: once the queue is stalled, this stops waiting
    /// and throws `Stuck`, so that SIGTERM still ends the process.
    func shutdown() async throws {
        let stopping = Task { [self] in
            try await pool.shutdownGracefully()
            poolStopped.withLock { $0 = true }
        }
        while !poolStopped.withLock({ $0 }) {
            if let seconds = stall {
                stopping.cancel()
                throw Stuck(seconds: seconds, renders: unfinished)
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                // Cancelled: the caller no longer waits, so neither does this (a `try?` here
                // would spin, its sleep throwing at once, until the threads stop).
                stopping.cancel()
                throw error
            }
        }
        try await stopping.value
    }
}

/// Render threads run at a lower priority than the event loops: with more workers than
/// cores, CPU-bound renders would otherwise take the CPU from the threads that answer
/// `/healthz`, cache hits and `304`s (measured: `/healthz` p99 over 10 s with 8 workers on
/// 2 cores under distinct renders).
enum RenderThreadPriority {
    /// Niceness of a render thread (the event loops keep the process's, usually 0).
    static let niceness: Int32 = 10

    /// On Linux niceness is per thread, and `who` 0 names the calling thread. A system
    /// call per render (about a microsecond) rather than per-thread bookkeeping.
    static func lower() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
