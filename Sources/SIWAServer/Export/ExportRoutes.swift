import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import SIWAButtons
import SIWAGenerator

enum ExportEndpoint {
    static let path = "/api/export.zip"
    /// The number of files in the set, on every answer that passed the checks (the editor
    /// shows it while the server renders).
    static let filesHeader = HTTPField.Name("X-SIWA-Export-Files")!
}

/// `GET /api/export.zip?<generator options>`: the set `siwa-buttons generate` writes for
/// the same options (images, manifest.json, gallery, snippets), as one ZIP download.
///
/// The real `Generator` runs into a temporary folder on one of the service's render
/// threads (so an export holds one thread and the others keep serving images), each file
/// is archived as soon as it is made, with fixed entry dates (the same request gives the
/// same bytes), and the archive is sent while it is written, from an unlinked file
/// (`ExportStream`): the answer starts with the first file, and nothing is left on disk
/// in any case. `HEAD` checks the query and the file limit and renders nothing.
///
/// Bad input or a set past the file limit: 400 with the API's JSON error; an archive
/// that passes the byte limit is cut where it passes it (an incomplete answer); every
/// slot busy: a place in line (`ExportSlots`), or 503 with Retry-After. Mountable at any
/// path, like `ImageRoutes`.
public struct ExportRoutes<Context: RequestContext>: Sendable {
    let queue: RenderQueue
    let renderer: Result<ButtonRenderer, any Error>
    let templates: Result<TemplateSet, TemplateSet.LoadError>
    let limits: ExportLimits
    let slots: ExportSlots
    /// Archives made and not yet sent (each up to `limits.maxBytes` of disk).
    let downloads: ExportSlots
    let logger: Logger

    /// `/api/export.zip` over the service's render threads.
    /// - Parameters:
    ///   - service: its render threads run the exports, with its renderer (fonts, `--labels`).
    ///   - limits: exports at once, their line, and a set's largest size.
    ///   - override: a folder whose templates replace the built-in ones (`serve --templates`).
    ///   - logger: where failed exports are reported.
    ///   - context: the host app's request context type.
    public init(
        service: ButtonService, limits: ExportLimits = ExportLimits(), templates override: URL? = nil,
        logger: Logger, context: Context.Type = Context.self
    ) {
        let backend = service.backend
        queue = service.queue
        renderer = Result {
            try backend.renderer
                ?? (backend.titles.isStandard ? ButtonRenderer.shared() : ButtonRenderer.shared().with(titles: backend.titles))
        }
        templates = Result { () throws(TemplateSet.LoadError) in try TemplateSet.load(override: override) }
        self.limits = limits
        slots = ExportSlots(limit: max(1, limits.concurrent), lineLength: limits.line)
        downloads = ExportSlots(limit: max(1, limits.downloads))
        self.logger = logger
        ExportFolder.removeLeftovers()
    }

    /// The collection to mount: `GET`/`HEAD /api/export.zip`.
    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get(RouterPath(ExportEndpoint.path)) { request, _ in try await respond(to: request) }
        routes.head(RouterPath(ExportEndpoint.path)) { request, _ in try await respond(to: request) }
        return routes
    }

    func respond(to request: Request) async throws -> Response {
        let query: ExportQuery
        do {
            query = try ExportQuery.parse(request.uri.query)
        } catch {
            return JSONAnswer.error(error, for: request)
        }
        let configuration = query.configuration
        do {
            // A preset that cannot hold a format, or e-mail without a client: refused before anything is drawn.
            try configuration.checkPresets()
        } catch {
            return JSONAnswer.error(ExportQuery.invalid(error), for: request)
        }
        // Counting lays every file out, which for a query of hundreds of sizes in every
        // preset is seconds of work: a lower bound from the list lengths alone (each
        // titled button gives each layout one file at least) refuses those at once.
        let titled =
            configuration.modes.filter { $0 != .logo }.count * configuration.types.count
            * configuration.styles.count * configuration.locales.count * configuration.sizes.count
        let atLeast = titled * max(1, configuration.presets.count)
        guard atLeast <= limits.maxFiles else {
            return JSONAnswer.error(
                .badRequest,
                "This set has at least \(atLeast) files, more than the \(limits.maxFiles) an export may hold: "
                    + "ask for fewer locales, sizes, scales or formats.", for: request)
        }
        let files = Generator.fileCount(configuration, snippets: (try? configuration.web.settings()) != nil)
        guard files <= limits.maxFiles else {
            return JSONAnswer.error(
                .badRequest,
                "This set has \(files) files, more than the \(limits.maxFiles) an export may hold: "
                    + "ask for fewer locales, sizes, scales or formats.", for: request)
        }
        let (renderer, templates): (ButtonRenderer, TemplateSet)
        do {
            renderer = try self.renderer.get()
            templates = try self.templates.get()
        } catch {
            return JSONAnswer.error(.internalServerError, "The export cannot run: \(error)", for: request)
        }
        var headers: HTTPFields = [
            .contentType: "application/zip",
            .contentDisposition: "attachment; filename=\"\(query.fileName)\"",
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
            ExportEndpoint.filesHeader: String(files),
        ]
        if request.method == .head {
            // No Content-Length: the archive's is known only once made (an empty body would say 0).
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in try await writer.finish(nil) })
        }

        // A place for the archive until it is downloaded, then a turn to make it.
        guard let download = downloads.take() else {
            let retry = slots.retryAfter()
            return JSONAnswer.error(
                .serviceUnavailable, "Too many exports are being downloaded; retry in \(retry) s.", for: request,
                headers: [.retryAfter: String(retry)])
        }
        // Hummingbird does not cancel a handler whose client has gone: the connection
        // does (`ClientConnection`), so a client that leaves while in line frees its turn.
        let waiting = Task { [slots, limits] in await slots.wait(upTo: limits.maxWait, files: files) }
        ClientConnection.gone?.whenComplete { _ in waiting.cancel() }
        let slot: ExportSlots.Slot
        switch await withTaskCancellationHandler(operation: { await waiting.value }, onCancel: { waiting.cancel() }) {
        case .granted(let granted):
            slot = granted
        case .busy(let retry):
            return JSONAnswer.error(
                .serviceUnavailable, "The service is busy with other exports; retry in \(retry) s.", for: request,
                headers: [.retryAfter: String(retry)])
        case .cancelled:
            throw CancellationError()
        }
        var made = Generator(configuration: configuration, renderer: renderer, templates: templates, workers: 1)
        made.syncsToDisk = false  // the folder is removed once archived
        let generator = made
        let maxBytes = limits.maxBytes
        let slots = self.slots, queue = self.queue, logger = self.logger
        let export = ExportStream(making: slot, download: download, onCheckpoint: { queue.noteProgress() })
        let started = ContinuousClock.now
        // The producer outlives this handler: it goes on archiving while the answer is sent.
        Task {
            do {
                try await queue.run("/api/export.zip (\(files) files)") { export.make(generator: generator, maxBytes: maxBytes) }
            } catch {
                export.fail(error)  // never started: the render queue is full or shutting down
            }
            let progress = export.progress
            if let failure = progress.failure {
                if failure is CancellationError {
                    // The client went away (or the server is stopping): nobody reads this answer.
                    logger.info("Export stopped", metadata: ["siwa.files": "\(files)"])
                } else if failure is SetArchive.TooLarge {
                    // Answered 400 if nothing was sent yet; else the answer is cut here.
                    logger.warning(
                        "Export past the byte limit", metadata: ["siwa.files": "\(files)", "siwa.max_bytes": "\(maxBytes)"])
                } else if !(failure is ConfigurationError || failure is RenderQueue.Full || failure is RenderQueue.Abandoned) {
                    logger.error("Export failed", metadata: ["error": "\(failure)"])
                }
            } else {
                let duration = ContinuousClock.now - started
                slots.record(seconds: Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18, files: files)
                logger.info(
                    "Export made",
                    metadata: [
                        "siwa.files": "\(files)", "siwa.bytes": "\(progress.size ?? 0)", "siwa.duration": "\(duration)",
                    ])
            }
        }
        let ready = await withTaskCancellationHandler {
            await export.ready()
        } onCancel: {
            export.stop()
        }
        if let error = ready.failure {
            if let invalid = error as? ConfigurationError {
                // Names that would land on one file (found while planning the set, before drawing).
                return JSONAnswer.error(ExportQuery.invalid(invalid), for: request)
            }
            if let tooLarge = error as? SetArchive.TooLarge {
                return JSONAnswer.error(
                    .badRequest,
                    "This set's archive would be larger than the \(tooLarge.limit) bytes an export may hold: "
                        + "ask for fewer locales, sizes, scales or formats.", for: request)
            }
            if error is RenderQueue.Full || error is NIOThreadPoolError.ThreadPoolInactive || error is RenderQueue.Abandoned {
                throw PlainTextError.renderFailed(error)
            }
            return JSONAnswer.error(.internalServerError, "The export failed.", for: request)
        }
        // Complete already (a set of one file, or a busy machine): its length is known. Else sent as it is archived.
        if let size = ready.size { headers[.contentLength] = String(size) }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: ready.size) { writer in
                try await export.send(to: &writer)
            })
    }
}
