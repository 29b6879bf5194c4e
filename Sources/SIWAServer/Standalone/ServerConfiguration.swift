import Foundation

/// How `siwa-buttons serve` runs.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The TCP port to listen on.
    public var port: Int
    /// Bound of the in-memory cache of encoded images, in MiB (0 disables it).
    public var cacheMB: Int
    /// Renders that may run at once (0: number of cores).
    public var workers: Int
    /// Renders that may wait for a worker; past `workers + queueDepth` requests get 503.
    public var queueDepth: Int
    /// Folder served at `/` (the web button editor).
    public var publicDirectory: String
    /// Templates replacing the built-in ones for the snippet API, file by file (as `generate --templates`).
    public var templatesDirectory: String?
    /// Longest request target (path + query) accepted; longer ones get 414.
    /// The parser also caps the query alone at `ButtonRequest.maxQueryLength`.
    public var maxURILength: Int
    /// Seconds a connection may be idle, or take to send a request head, before it is closed.
    public var idleTimeoutSeconds: Int
    /// Seconds an answer may wait with none of its bytes taken by the client before the
    /// connection is closed (a client that stopped reading).
    public var writeTimeoutSeconds: Int
    /// Bound of the bytes of answers written and not yet read by their clients, in MiB,
    /// over all connections: past it a client that is behind is disconnected.
    public var outputBudgetMB: Int
    /// Seconds renders may wait with none finishing before `/healthz` and `/readyz` fail.
    public var stallSeconds: Int
    /// Seconds `/readyz` fails after SIGTERM before the listener closes (`runServer`).
    public var drainSeconds: Int
    /// Seconds after the drain that requests in flight have to be answered (`runServer`);
    /// then those waiting for a render get 503 and the process exits without its threads.
    public var stopGraceSeconds: Int = 25
    /// Open connections beyond which new ones get a 503 and are closed.
    public var maxConnections: Int
    /// What one `GET /api/export.zip` may hold (files, bytes), and how many run at once.
    public var export: ExportLimits
    /// Pipelined requests one connection may have read ahead and not answered
    /// (`PipelineLimitHandler`); tests raise it to reach the output budget with few clients.
    var pipelineLimit = PipelineLimitHandler.defaultLimit
    /// Canonical redirects and the accepted `v=` tokens of the image URLs.
    public var urls: ImageURLPolicy = .standard

    /// The defaults are `serve`'s.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, cacheMB: Int = 64, workers: Int = 0,
        queueDepth: Int = 64, publicDirectory: String = "public", templatesDirectory: String? = nil,
        maxURILength: Int = 2048, idleTimeoutSeconds: Int = 30, writeTimeoutSeconds: Int = 30,
        outputBudgetMB: Int = 32, stallSeconds: Int = 20, drainSeconds: Int = 0,
        maxConnections: Int = ServerConfiguration.defaultMaxConnections, export: ExportLimits = ExportLimits()
    ) {
        self.host = host
        self.port = port
        self.cacheMB = cacheMB
        self.workers = workers
        self.queueDepth = queueDepth
        self.publicDirectory = publicDirectory
        self.templatesDirectory = templatesDirectory
        self.maxURILength = maxURILength
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.writeTimeoutSeconds = writeTimeoutSeconds
        self.outputBudgetMB = outputBudgetMB
        self.stallSeconds = stallSeconds
        self.drainSeconds = drainSeconds
        self.maxConnections = maxConnections
        self.export = export
    }

    /// A share of the descriptors the process may open (`ulimit -n`) less 64, at most 4,096.
    public static var defaultMaxConnections: Int { ConnectionLimit.defaultMaximum }
}
