import ArgumentParser
import Foundation
import Logging
import SIWAButtons
import SIWARenderJob
import SIWAServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve button images at Apple's image URLs.",
        discussion: """
            Endpoints:
            \(ServiceEndpoint.helpText)
            and the files of --public at / (the editor; the <apple-signin-button> element at /element/1/).
            SIGINT/SIGTERM stop it after answering requests in flight.

            \(Examples.block(examples))
            """
    )

    static let examples = [
        "siwa-buttons serve --port 8080",
        "curl -o b.png 'http://localhost:8080/appleid/button?color=white&width=200'",
        "curl -o l.svg 'http://localhost:8080/appleid/button/logo?size=44&format=svg'",
    ]

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: ArgumentHelp("Bound of the in-memory image cache in MiB (0 disables it).", valueName: "MiB"))
    var cacheMB = 64

    @Option(help: "Renders that may run at once (default: number of cores).")
    var workers: Int?

    @Option(help: "Renders that may wait for a worker; beyond that requests get 503 + Retry-After.")
    var queueDepth = 64

    @Option(
        help: ArgumentHelp(
            "Close a connection idle, or still sending its request head, for this long.",
            valueName: "seconds"))
    var idleTimeout = 30

    @Option(
        help: ArgumentHelp(
            "Close a connection whose answer has waited this long with none of it read by the client.",
            valueName: "seconds"))
    var writeTimeout = 30

    @Option(
        name: .customLong("output-budget-mb"),
        help: ArgumentHelp(
            "Bound of the answers written and not yet read, over all connections; past it clients that are behind are disconnected.",
            valueName: "MiB"))
    var outputBudgetMB = 32

    @Option(
        help: ArgumentHelp(
            "/healthz and /readyz fail when renders wait this long with none finishing (stuck render threads).",
            valueName: "seconds"))
    var stallTimeout = 20

    @Option(
        help: ArgumentHelp(
            "After SIGTERM, /readyz fails for this long while requests are still served, then the listener closes.",
            valueName: "seconds"))
    var drainSeconds = 0

    @Option(
        help: ArgumentHelp(
            "After the drain, requests in flight have this long to be answered (less when the render threads finish nothing for 3 s); then the rest get 503 and the process exits with status 1 and one line naming the stuck renders.",
            valueName: "seconds"))
    var stopGrace = 25

    @Option(
        help: ArgumentHelp(
            "Open connections beyond which new ones get 503 and are closed (default: ulimit -n less 64, at most 4096).",
            valueName: "n"))
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Files one /api/export.zip may hold; a larger set gets 400.", valueName: "n"))
    var exportMaxFiles = ExportLimits.defaultMaxFiles

    @Option(help: ArgumentHelp("Bytes one /api/export.zip archive may hold; a larger one gets 400.", valueName: "n"))
    var exportMaxBytes = ExportLimits.defaultMaxBytes

    @Option(
        help: ArgumentHelp(
            "Exports made at once; more wait in line (up to 32, for 30 s), then get 503 with Retry-After.",
            valueName: "n"))
    var exports = ExportLimits.defaultConcurrent

    @Option(
        name: .customLong("public"),
        help: ArgumentHelp(
            "Folder of static files served at / (default: $SIWA_PUBLIC_DIR, else public/ next to the executable, in ../share/siwa-buttons/ or in the source tree).",
            valueName: "dir"))
    var publicDirectory: String?

    @Option(
        help: ArgumentHelp("Folder of templates replacing the built-in ones for the editor's snippets, file by file.", valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "redirect: another spelling of an image URL (parameter order, defaults spelled out) gets a cacheable 301 to the canonical URL; off: every spelling is served.",
            valueName: "redirect|off"))
    var canonical = ImageURLPolicy.Canonical.redirect.rawValue

    @Option(
        help: ArgumentHelp(
            "The v= tokens image URLs may carry, the first written into the editor's and snippets' URLs; off: v= is refused (404).",
            valueName: "TOKEN[,TOKEN]|off"))
    var cacheVersion = "off"

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535.") }
        guard (0...1_048_576).contains(cacheMB) else { throw ValidationError("--cache-mb must be from 0 to 1048576 (1 TiB).") }
        if let workers, !(1...1024).contains(workers) { throw ValidationError("--workers must be from 1 to 1024.") }
        guard (0...1_000_000).contains(queueDepth) else { throw ValidationError("--queue-depth must be from 0 to 1000000.") }
        guard (1...86_400).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be from 1 to 86400 seconds.") }
        guard (1...86_400).contains(writeTimeout) else { throw ValidationError("--write-timeout must be from 1 to 86400 seconds.") }
        guard (1...1_048_576).contains(outputBudgetMB) else {
            throw ValidationError("--output-budget-mb must be from 1 to 1048576 (1 TiB).")
        }
        guard (1...86_400).contains(stallTimeout) else { throw ValidationError("--stall-timeout must be from 1 to 86400 seconds.") }
        guard (0...3_600).contains(drainSeconds) else { throw ValidationError("--drain-seconds must be from 0 to 3600.") }
        guard (1...3_600).contains(stopGrace) else { throw ValidationError("--stop-grace must be from 1 to 3600.") }
        if let maxConnections, !(1...1_000_000).contains(maxConnections) {
            throw ValidationError("--max-connections must be from 1 to 1000000.")
        }
        guard (1...1_000_000).contains(exportMaxFiles) else { throw ValidationError("--export-max-files must be from 1 to 1000000.") }
        guard (1...(1 << 40)).contains(exportMaxBytes) else {
            throw ValidationError("--export-max-bytes must be from 1 to 1099511627776 (1 TiB).")
        }
        guard (1...64).contains(exports) else { throw ValidationError("--exports must be from 1 to 64.") }
        if let publicDirectory, !FileManager.default.fileExists(atPath: publicDirectory) {
            throw ValidationError("--public: no folder '\(publicDirectory)'.")
        }
        if let templates, !FileManager.default.fileExists(atPath: templates) {
            throw ValidationError("--templates: no folder '\(templates)'.")
        }
        _ = try urls()
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    /// --canonical and --cache-version; a bad value is one line naming the option (status 64).
    func urls() throws -> ImageURLPolicy {
        guard let mode = ImageURLPolicy.Canonical(rawValue: canonical) else {
            throw CLIError.usage("--canonical must be 'redirect' or 'off', not '\(canonical)'.")
        }
        let tokens = cacheVersion == "off" ? [] : cacheVersion.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        do {
            return try ImageURLPolicy(canonical: mode, cacheVersions: tokens)
        } catch {
            throw CLIError.usage("--cache-version: \(error) (or 'off').")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        var logger = Logger(label: "siwa-buttons")
        logger.logLevel = level
        let backend = try RenderBackend(renderer: fonts.renderer())
        let publicFolder =
            publicDirectory
            ?? ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR").path
        var configuration = ServerConfiguration(
            host: host, port: port, cacheMB: cacheMB, workers: workers ?? 0, queueDepth: queueDepth,
            publicDirectory: publicFolder, templatesDirectory: templates, idleTimeoutSeconds: idleTimeout,
            writeTimeoutSeconds: writeTimeout, outputBudgetMB: outputBudgetMB, stallSeconds: stallTimeout,
            drainSeconds: drainSeconds,
            maxConnections: maxConnections ?? ServerConfiguration.defaultMaxConnections,
            export: ExportLimits(maxFiles: exportMaxFiles, maxBytes: exportMaxBytes, concurrent: exports)
        )
        configuration.urls = try urls()
        configuration.stopGraceSeconds = stopGrace
        if !FileManager.default.fileExists(atPath: publicFolder) {
            logger.warning("No folder '\(publicFolder)': nothing is served at /.")
        }
        do {
            try await runServer(
                configuration: configuration, backend: backend, logger: logger,
                metrics: PrometheusMetrics.bootstrap())
        } catch let error as ListenError {
            throw CLIError(Self.message(error))
        }
    }

    /// One line that says what to change.
    static func message(_ error: ListenError) -> String {
        switch error.code {
        case EADDRINUSE:
            "port \(error.port) is in use: another program listens on \(error.host):\(error.port); choose another with --port."
        case EACCES:
            "port \(error.port) needs privileges this process lacks (ports below 1024 do); choose another with --port."
        default:
            "\(error); choose another address with --host."
        }
    }
}
