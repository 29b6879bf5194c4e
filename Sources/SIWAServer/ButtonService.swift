import Foundation
import Logging
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
    public let backend: RenderBackend
    let queue: RenderQueue
    let cache: RenderCache

    /// - Parameters:
    ///   - workers: renders that may run at once (0: one per core).
    ///   - queueDepth: renders that may wait for a worker.
    ///   - cacheMB: bound of the cache of encoded images, in MiB (0 disables it).
    public init(backend: RenderBackend, workers: Int = 0, queueDepth: Int = 64, cacheMB: Int = 64, logger: Logger) {
        self.backend = backend
        queue = RenderQueue(workers: workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount,
                            depth: max(0, queueDepth))
        // At most 1 TiB, so no value of `cacheMB` can overflow.
        cache = RenderCache(capacityBytes: min(max(0, cacheMB), 1 << 20) << 20, queue: queue, backend: backend,
                            logger: logger)
    }

    /// Service: runs until the application shuts down, then stops the render threads.
    public func run() async throws {
        try await queue.run()
    }
}
