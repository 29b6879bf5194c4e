import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SIWAButtons
import SIWAGenerator

enum ExportEndpoint {
    static let path = "/api/export.zip"
    /// The number of files in the set, on every answer that passed the checks (the editor
    /// shows it while the server renders).
    static let filesHeader = HTTPField.Name("X-SIWA-Export-Files")!
    /// Seconds to wait after a 503: an export takes seconds, not milliseconds.
    static let retryAfterSeconds = 5
}

/// `GET /api/export.zip?<generator options>`: the set `siwa-buttons generate` writes for
/// the same options (images, manifest.json, gallery, snippets), as one ZIP download.
///
/// The real `Generator` runs into a temporary folder on one of the service's render
/// threads (so an export holds one thread and the others keep serving images), the folder
/// is archived with fixed entry dates (the same request gives the same bytes), and the
/// archive is streamed from an unlinked file: nothing is left on disk in any case.
/// `HEAD` checks the query and the file limit and renders nothing.
///
/// Bad input or a set past `ExportLimits`: 400 with one plain-text line; another export
/// running: 503 with Retry-After. Mountable at any path, like `ImageRoutes`.
public struct ExportRoutes<Context: RequestContext>: Sendable {
    let queue: RenderQueue
    let renderer: Result<ButtonRenderer, any Error>
    let templates: Result<TemplateSet, TemplateSet.LoadError>
    let limits: ExportLimits
    let slots: ExportSlots
    let logger: Logger

    /// - Parameters:
    ///   - service: its render threads run the exports, with its renderer (fonts, `--labels`).
    ///   - templates: a folder whose templates replace the built-in ones (`serve --templates`).
    public init(service: ButtonService, limits: ExportLimits = ExportLimits(), templates override: URL? = nil,
                logger: Logger, context: Context.Type = Context.self) {
        let backend = service.backend
        queue = service.queue
        renderer = Result {
            try backend.renderer
                ?? (backend.titles.isStandard ? ButtonRenderer.shared() : ButtonRenderer.shared().with(titles: backend.titles))
        }
        templates = Result { () throws(TemplateSet.LoadError) in try TemplateSet.load(override: override) }
        self.limits = limits
        slots = ExportSlots(limit: max(1, limits.concurrent))
        self.logger = logger
        ExportFolder.removeLeftovers()
    }

    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get(RouterPath(ExportEndpoint.path)) { request, _ in try await respond(to: request) }
        routes.head(RouterPath(ExportEndpoint.path)) { request, _ in try await respond(to: request) }
        return routes
    }

    func respond(to request: Request) async throws -> Response {
        let noStore: HTTPFields = [.cacheControl: "no-store"]
        let query: ExportQuery
        do {
            query = try ExportQuery.parse(request.uri.query)
        } catch {
            return PlainText.response(.badRequest, error.message, for: request, headers: noStore)
        }
        let configuration = query.configuration
        do {
            // A preset that cannot hold a format, or e-mail without a client: refused before anything is drawn.
            try configuration.checkPresets()
        } catch {
            return PlainText.response(.badRequest, ExportQuery.invalid(error), for: request, headers: noStore)
        }
        // Counting lays every file out, which for a query of hundreds of sizes in every
        // preset is seconds of work: a lower bound from the list lengths alone (each
        // titled button gives each layout one file at least) refuses those at once.
        let titled = configuration.modes.filter { $0 != .logo }.count * configuration.types.count
            * configuration.styles.count * configuration.locales.count * configuration.sizes.count
        let atLeast = titled * max(1, configuration.presets.count)
        guard atLeast <= limits.maxFiles else {
            return PlainText.response(.badRequest, "This set has at least \(atLeast) files, more than the \(limits.maxFiles) an export may hold: "
                                      + "ask for fewer locales, sizes, scales or formats.", for: request, headers: noStore)
        }
        let files = Generator.fileCount(configuration, snippets: (try? configuration.web.settings()) != nil)
        guard files <= limits.maxFiles else {
            return PlainText.response(.badRequest, "This set has \(files) files, more than the \(limits.maxFiles) an export may hold: "
                                      + "ask for fewer locales, sizes, scales or formats.", for: request, headers: noStore)
        }
        let (renderer, templates): (ButtonRenderer, TemplateSet)
        do {
            renderer = try self.renderer.get()
            templates = try self.templates.get()
        } catch {
            return PlainText.response(.internalServerError, "The export cannot run: \(error)", for: request, headers: noStore)
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

        guard let slot = slots.take() else {
            return PlainText.response(.serviceUnavailable, "Another export is running; retry shortly.", for: request,
                                      headers: [.retryAfter: String(ExportEndpoint.retryAfterSeconds), .cacheControl: "no-store"])
        }
        var made = Generator(configuration: configuration, renderer: renderer, templates: templates, workers: 1)
        made.syncsToDisk = false  // the folder is removed once archived
        let generator = made
        let maxBytes = limits.maxBytes
        let stopped = NIOLockedValueBox(false)
        let started = ContinuousClock.now
        let archive: OpenArchive
        do {
            archive = try await withTaskCancellationHandler {
                try await queue.run {
                    try OpenArchive.make(generator: generator, maxBytes: maxBytes, slot: slot) {
                        if stopped.withLockedValue({ $0 }) { throw CancellationError() }
                    }
                }
            } onCancel: {
                stopped.withLockedValue { $0 = true }
            }
        } catch {
            slot.release()
            if let invalid = error as? ConfigurationError {
                // Names that would land on one file (found while planning the set, before drawing).
                return PlainText.response(.badRequest, ExportQuery.invalid(invalid), for: request, headers: noStore)
            }
            if let tooLarge = error as? SetArchive.TooLarge {
                return PlainText.response(.badRequest, "This set's archive would be larger than the \(tooLarge.limit) bytes an export may hold: "
                                          + "ask for fewer locales, sizes, scales or formats.", for: request, headers: noStore)
            }
            if error is RenderQueue.Full || error is NIOThreadPoolError.ThreadPoolInactive {
                throw PlainTextError.renderFailed(error)
            }
            if error is CancellationError {
                // The client went away (or the server is stopping): nobody reads this answer.
                logger.info("Export stopped", metadata: ["siwa.files": "\(files)"])
            } else {
                logger.error("Export failed", metadata: ["error": "\(error)"])
            }
            return PlainText.response(.internalServerError, "The export failed.", for: request, headers: noStore)
        }
        logger.info("Export rendered", metadata: [
            "siwa.files": "\(files)", "siwa.bytes": "\(archive.size)", "siwa.duration": "\(ContinuousClock.now - started)",
        ])
        headers[.contentLength] = String(archive.size)
        return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: archive.size) { writer in
            try await archive.send(to: &writer)
        })
    }
}

/// How many exports may run at once. A slot is held from admission until the archive is
/// sent or dropped, so the disk an export may use is bounded too.
final class ExportSlots: Sendable {
    private let taken = NIOLockedValueBox(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func take() -> Slot? {
        let ok = taken.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        return ok ? Slot(slots: self) : nil
    }

    var inUse: Int { taken.withLockedValue { $0 } }

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
            if first { slots.taken.withLockedValue { $0 -= 1 } }
        }

        deinit { release() }
    }
}

/// A finished archive, already unlinked: only this descriptor keeps it, and closing it
/// (after sending, or when the response is dropped unsent) frees the disk and the slot.
final class OpenArchive: Sendable {
    let size: Int
    private let descriptor: Int32
    private let slot: ExportSlots.Slot

    private init(descriptor: Int32, size: Int, slot: ExportSlots.Slot) {
        self.descriptor = descriptor
        self.size = size
        self.slot = slot
    }

    deinit {
        close(descriptor)
        slot.release()
    }

    /// Generates the set and archives it in a fresh temporary folder, opens the archive
    /// and removes the folder, whatever happened (the archive stays open, unlinked).
    /// Runs on a render thread.
    static func make(generator: Generator, maxBytes: Int, slot: ExportSlots.Slot,
                     checkpoint: @escaping @Sendable () throws -> Void) throws -> OpenArchive {
        let folder = try ExportFolder()
        // Kept (and locked) to the end of this scope; removed when it returns or throws.
        return try withExtendedLifetime(folder) {
            let set = folder.url.appendingPathComponent("set"), zip = folder.url.appendingPathComponent("set.zip")
            _ = try generator.generate(into: set, checkpoint: checkpoint)
            try SetArchive.write(folder: set, to: zip, maxBytes: maxBytes, checkpoint: checkpoint)
            let descriptor = open(zip.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            return OpenArchive(descriptor: descriptor, size: Int(info.st_size), slot: slot)
        }
    }

    /// The file in 256 KiB pieces, read from the page cache it was just written to.
    func send(to writer: inout any ResponseBodyWriter) async throws {
        let chunk = 256 << 10
        var offset = 0
        while offset < size {
            let wanted = min(chunk, size - offset)
            var buffer = ByteBufferAllocator().buffer(capacity: wanted)
            var failure: Int32 = 0
            let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { raw in
                let n = pread(descriptor, raw.baseAddress, wanted, off_t(offset))
                if n < 0 { failure = errno }
                return max(0, n)
            }
            guard read > 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
            offset += read
            try await writer.write(buffer)
        }
        try await writer.finish(nil)
        slot.release()
    }
}
