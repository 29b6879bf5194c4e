import NIOConcurrencyHelpers
import NIOPosix
import ServiceLifecycle

/// Runs renders off the event loop on `workers` dedicated threads, admitting at most
/// `workers + depth` at once (running + waiting). Past that, `run` throws
/// `RenderQueue.Full` at once, which the route answers with 503 + Retry-After: a
/// burst of new buttons then costs a retry, not unbounded memory and latency.
///
/// Renders are synchronous and CPU-bound (Cairo/Pango), so they get their own threads
/// rather than Swift's cooperative pool, which the HTTP handlers need to stay responsive.
final class RenderQueue: Service {
    struct Full: Error {}

    let workers: Int
    let depth: Int
    private let pool: NIOThreadPool
    private let admitted = NIOLockedValueBox(0)

    init(workers: Int, depth: Int) {
        precondition(workers > 0 && depth >= 0)
        self.workers = workers
        self.depth = depth
        pool = NIOThreadPool(numberOfThreads: workers)
        // Started here, not in `run()`, so the pool is ready before the server accepts.
        pool.start()
    }

    /// Renders running or waiting right now.
    var load: Int { admitted.withLockedValue { $0 } }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let (sum, overflow) = workers.addingReportingOverflow(depth)
        let limit = overflow ? Int.max : sum
        let isAdmitted = admitted.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw Full() }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(body)
    }

    /// Service: stop the threads once the application shuts down. The HTTP server is
    /// started after this service, so it is shut down (in-flight requests answered) first.
    func run() async throws {
        try? await gracefulShutdown()
        try await shutdown()
    }

    /// Stops the threads after the renders already submitted; later ones fail.
    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
