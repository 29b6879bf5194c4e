import UnixSignals
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import SIWAButtons

/// The HTTP service: Apple's image endpoints, the editor's `/api/snippet/...` and
/// `/api/export.zip`, `/healthz`,
/// `/metrics` and the files of `public/` at `/`. Run it with `runService()` (graceful
/// shutdown on SIGINT/SIGTERM: the listener closes, in-flight requests are answered, then
/// the render threads stop).
///
/// A Hummingbird app of its own mounts the parts instead: `ButtonService`, `ImageRoutes`,
/// `SnippetRoutes`, `EditorRoutes` (see Examples/HostApp).
///
/// - Parameters:
///   - configuration: the listener, limits, render threads and folders (`serve`'s options).
///   - backend: the renderer and its ETag fingerprint (tests pass a controllable one).
///   - metrics: what `/metrics` answers, from the metrics backend the process bootstrapped
///     (nil: no `/metrics`). The library records through swift-metrics and never
///     bootstraps it, so it cannot clash with a host's own backend.
///   - logger: the service's log (requests, failed renders, start and stop).
///   - onServerRunning: called with the listening channel (tests read the port from it).
public func buildApplication(
    configuration: ServerConfiguration,
    backend: RenderBackend,
    logger: Logger,
    metrics: MetricsExposition? = nil,
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
) -> some ApplicationProtocol {
    buildApplication(
        configuration: configuration,
        service: ButtonService(
            configuration: configuration, backend: backend,
            logger: logger),
        logger: logger, metrics: metrics, onServerRunning: onServerRunning)
}

/// Runs the service until SIGINT or SIGTERM, then shuts down gracefully: `/readyz`
/// fails for `configuration.drainSeconds` while requests are still answered, then the
/// listener closes, requests in flight are answered and the render threads stop. Those
/// not answered within `configuration.stopGraceSeconds` (or sooner, when the render
/// threads finish nothing for 3 s) get 503, and the process exits with status 1 and one
/// line naming the stuck renders, without waiting for their threads.
public func runServer(
    configuration: ServerConfiguration, backend: RenderBackend, logger: Logger,
    metrics: MetricsExposition? = nil
) async throws {
    let service = ButtonService(configuration: configuration, backend: backend, logger: logger)
    let app = buildApplication(configuration: configuration, service: service, logger: logger, metrics: metrics)
    // Shut down in reverse order: the drain first, then the application.
    let group = ServiceGroup(
        configuration: .init(
            services: [
                .init(service: app),
                .init(
                    service: DrainService(
                        buttons: service, seconds: Double(configuration.drainSeconds),
                        graceSeconds: Double(configuration.stopGraceSeconds), logger: logger)),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
        try await group.run()
    } catch let error as IOError where error.errnoCode == EADDRINUSE || error.errnoCode == EACCES || error.errnoCode == EADDRNOTAVAIL {
        throw ListenError(host: configuration.host, port: configuration.port, code: error.errnoCode)
    }
}

/// The listener could not be bound: NIO's own error reads `bind(descriptor:ptr:bytes:):
/// Address already in use) (errno: 98)`, which names neither the address nor a way out.
package struct ListenError: Error, CustomStringConvertible {
    package let host: String
    package let port: Int
    /// `EADDRINUSE`, `EACCES` (a port below 1024 without the privilege) or `EADDRNOTAVAIL`.
    package let code: Int32

    package var description: String { "cannot listen on \(host):\(port): \(String(cString: strerror(code)))" }
}

extension ButtonService {
    convenience init(configuration: ServerConfiguration, backend: RenderBackend, logger: Logger) {
        self.init(
            backend: backend, workers: configuration.workers, queueDepth: configuration.queueDepth,
            cacheMB: configuration.cacheMB, stallSeconds: Double(configuration.stallSeconds), logger: logger)
    }
}

func buildApplication(
    configuration: ServerConfiguration,
    service: ButtonService,
    logger: Logger,
    metrics: MetricsExposition?,
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let backend = service.backend
    let queue = service.queue

    let router = Router(context: BasicRequestContext.self)
    let accessLog = AccessLogMiddleware<BasicRequestContext>(level: .info)
    // Cache hits of the image endpoints are answered first, with the same log line,
    // metrics and headers the long way would give them.
    router.add(
        middleware: CachedImageMiddleware(
            cache: service.cache, maxURILength: configuration.maxURILength,
            accessLog: accessLog, urls: configuration.urls))
    // Then, outermost first: every error answer, ours or Hummingbird's, becomes one
    // text/plain line; every request is logged (one line per answer, with status and
    // time) and counted, including refused ones.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: PlainTextErrorMiddleware())
    router.add(middleware: accessLog)
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: URILengthLimitMiddleware(maxLength: configuration.maxURILength))
    // 400 for paths with bad escapes, control characters or `..` (Host and parse errors:
    // ConnectionPolicyHandler, before routing).
    router.add(middleware: RequestPathMiddleware())
    // Answers preflights (not for /metrics); the image routes also set Access-Control-Allow-Origin themselves.
    router.add(
        middleware: CORSExceptOperationalMiddleware(
            cors: CORSMiddleware(
                allowOrigin: .all, allowHeaders: [.accept, .ifNoneMatch], allowMethods: [.get, .head, .options],
                exposedHeaders: ["ETag"])))
    // Serves public/ for whatever no route matched (the editor at `/`); not Hummingbird's
    // FileMiddleware, see StaticFilesMiddleware.
    router.add(middleware: StaticFilesMiddleware(folder: PublicFolder(root: configuration.publicDirectory)))

    // The editor comes from StaticFilesMiddleware above (whatever no route matched).
    let templates = configuration.templatesDirectory.map { URL(fileURLWithPath: $0) }
    router.addRoutes(
        ButtonRoutes(
            service: service,
            options: .init(
                urls: configuration.urls, templates: templates,
                export: configuration.export, editor: nil, operational: .init(metrics: metrics)),
            logger: logger
        ).routes)

    let connections = ConnectionLimit(maximum: max(1, configuration.maxConnections))
    // Logged once the listener is bound: a start that fails is one error line, not this.
    let settings: Logger.Metadata = [
        "siwa.workers": "\(queue.workers)", "siwa.queue_depth": "\(queue.depth)",
        "siwa.cache_mb": "\(configuration.cacheMB)", "siwa.max_connections": "\(connections.maximum)",
        "siwa.idle_timeout_s": "\(configuration.idleTimeoutSeconds)",
        "siwa.write_timeout_s": "\(configuration.writeTimeoutSeconds)", "siwa.output_budget_mb": "\(configuration.outputBudgetMB)",
        "siwa.export_max_files": "\(configuration.export.maxFiles)", "siwa.export_max_bytes": "\(configuration.export.maxBytes)",
        "siwa.canonical": "\(configuration.urls.canonical.rawValue)",
        "siwa.cache_versions":
            "\(configuration.urls.cacheVersions.isEmpty ? "off" : configuration.urls.cacheVersions.joined(separator: ","))",
        "siwa.fingerprint": "\(backend.fingerprint)",
        "siwa.libraries": "\(ButtonRenderer.libraryVersions)", "siwa.replaced_titles": "\(backend.titles.entries.count)",
    ]
    return Application(
        router: router,
        server: .guardedHTTP1(
            idleTimeout: .seconds(Int64(max(1, configuration.idleTimeoutSeconds))),
            limit: connections,
            writeTimeout: .seconds(Int64(max(1, configuration.writeTimeoutSeconds))),
            budget: OutputBudget(capacity: max(1, min(configuration.outputBudgetMB, 1 << 20)) << 20),
            pipelineLimit: max(1, configuration.pipelineLimit)),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "siwa-buttons/\(PackageVersion.current)",
            // Not Hummingbird's 256: a burst of 600 connections then overflowed it, and a
            // probe's SYN dropped waited a second for its retry (the kernel caps it at
            // net.core.somaxconn, 4096 by default).
            backlog: 4096),
        services: [service],
        onServerRunning: { listener in
            logger.info("Render queue", metadata: settings)
            // First in the listener's pipeline, so it sees accept errors before NIO's handlers.
            try? await listener.eventLoop.submit {
                try listener.pipeline.syncOperations.addHandler(AcceptPauseHandler(logger: logger), position: .first)
            }.get()
            await onServerRunning(listener)
        },
        logger: logger
    )
}
