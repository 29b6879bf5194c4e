import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization
import ServiceLifecycle

/// The rendering side of the service, for the standalone server and for a Hummingbird
/// app that mounts the routes itself: the render threads (`workers`, at most `workers +
/// queueDepth` renders admitted, 503 beyond), the cache of ready answers and the backend.
/// Add it to the app's services: it stops the render threads after the HTTP server
/// has answered its requests in flight.
///
///     let buttons = ButtonService(backend: try RenderBackend(renderer: ButtonRenderer(fonts: FontLibrary())), logger: logger)
///     router.addRoutes(ImageRoutes(service: buttons).routes, atPath: "/buttons")
///     let app = Application(router: router, services: [buttons])
public final class ButtonService: Service, Sendable {
    /// The renderer, its ETag fingerprint and titles.
    public let backend: RenderBackend
    let queue: RenderQueue
    let cache: RenderCache
    private let draining = Mutex(false)

    /// Render threads, their queue and the cache of encoded images over one backend.
    /// - Parameters:
    ///   - backend: the renderer and its ETag fingerprint.
    ///   - workers: renders that may run at once (0: one per core).
    ///   - queueDepth: renders that may wait for a worker.
    ///   - cacheMB: bound of the cache of encoded images, in MiB (0 disables it).
    ///   - stallSeconds: renders waiting this long with none finishing make `/healthz`
    ///     and `/readyz` fail (the render threads are stuck).
    ///   - logger: where failed renders are reported.
    public init(
        backend: RenderBackend, workers: Int = 0, queueDepth: Int = 64, cacheMB: Int = 64,
        stallSeconds: Double = 20, logger: Logger
    ) {
        self.backend = backend
        queue = RenderQueue(
            workers: workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount,
            depth: max(0, queueDepth), stallSeconds: max(1, stallSeconds))
        // At most 1 TiB, so no value of `cacheMB` can overflow.
        cache = RenderCache(
            capacityBytes: min(max(0, cacheMB), 1 << 20) << 20, queue: queue, backend: backend,
            logger: logger)
    }

    /// Service: runs until the application shuts down, then stops the render threads.
    public func run() async throws {
        try await queue.run()
    }

    /// From now on `/readyz` answers 503 (the process is going away); requests are still served.
    public func startDraining() {
        draining.withLock { $0 = true }
    }

    /// Whether the process works: not when its render threads are stuck (`/healthz`).
    var liveness: Status {
        if let seconds = queue.stall {
            return .failing(
                "render threads stalled: no progress for \(Int(seconds)) s "
                    + "with \(queue.load) renders waiting")
        }
        return .ok
    }

    /// Whether it should get traffic: alive, not draining, not shedding load (`/readyz`).
    var readiness: Status {
        if case .failing = liveness { return liveness }
        if draining.withLock({ $0 }) { return .failing("draining: shutting down") }
        if queue.isShedding { return .failing("shedding load: the render queue is full") }
        return .ok
    }

    /// Seconds with no render finishing, while renders are admitted, after which a
    /// stopping process counts its render threads as stuck (at most `--stall-timeout`).
    static let stopStallSeconds = 3.0

    /// The end of a stop, once the drain is over: requests in flight have up to
    /// `graceSeconds` to be answered (renders that finish nothing for
    /// `stopStallSeconds` end it sooner: their threads are stuck). Then the renders not
    /// finished are given up (their requests get 503 `Shutting down.`), and if the
    /// process is still there a second later, it logs one line naming them and exits
    /// with status 1, whatever its threads are doing (stuck in C code, a connection
    /// that does not close). A process that stops in time never gets that far.
    func enforceStop(graceSeconds: Double, logger: Logger) async -> Never {
        let start = ContinuousClock.now
        let stuckAfter = min(Self.stopStallSeconds, queue.stallSeconds)
        while ContinuousClock.now - start < .milliseconds(Int(graceSeconds * 1000)),
            queue.secondsWithoutProgress < stuckAfter
        {
            try? await Task.sleep(for: .milliseconds(100))
        }
        let renders = queue.abandon()
        try? await Task.sleep(for: .seconds(1))  // the 503s are written; the server may finish
        let what =
            renders.isEmpty
            ? "no render unfinished, connections still open"
            : "\(renders.count) render\(renders.count == 1 ? "" : "s") stuck: \(renders.joined(separator: ", "))"
        logger.critical("Stopping without waiting for the render threads (\(what)); exit status 1.")
        fflush(nil)
        _exit(1)
    }

    enum Status: Equatable {
        case ok
        case failing(String)
    }
}

/// Marks a `ButtonService` as draining for `seconds` before the server stops: list it
/// after the application in a `ServiceGroup`, which shuts services down in reverse
/// order, so on SIGTERM `/readyz` fails while requests are still answered, and a load
/// balancer takes the instance out before its listener closes.
public struct DrainService: Service {
    let buttons: ButtonService
    let seconds: Double
    let graceSeconds: Double?
    let logger: Logger?

    /// The drain of `buttons`, run before the application in a `ServiceGroup`.
    /// - Parameters:
    ///   - buttons: the service whose `/readyz` fails from the shutdown signal on.
    ///   - seconds: how long requests are still answered after it (`serve --drain-seconds`).
    ///   - graceSeconds: if set, the process exits (status 1, one line on `logger`
    ///     naming the stuck renders) when requests in flight are not answered that long
    ///     after the drain (`serve --stop-grace`); nil leaves the end of the stop to
    ///     the application.
    ///   - logger: where that line goes.
    public init(buttons: ButtonService, seconds: Double, graceSeconds: Double? = nil, logger: Logger? = nil) {
        self.buttons = buttons
        self.seconds = seconds
        self.graceSeconds = graceSeconds
        self.logger = logger
    }

    /// Service: waits for the shutdown signal, makes `/readyz` fail, then waits `seconds`
    /// (and from then on bounds the rest of the stop by `graceSeconds`).
    public func run() async throws {
        try? await gracefulShutdown()
        buttons.startDraining()
        if seconds > 0 { try? await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
        if let graceSeconds {
            let buttons = self.buttons, logger = self.logger ?? Logger(label: "siwa-buttons")
            Task.detached { await buttons.enforceStop(graceSeconds: graceSeconds, logger: logger) }
        }
    }
}
