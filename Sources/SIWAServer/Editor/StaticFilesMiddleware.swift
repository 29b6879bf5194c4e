import Hummingbird
import NIOPosix
import SIWAButtons

/// Serves the files of `--public` (the editor) for GET and HEAD requests no route
/// matched. Replaces Hummingbird 2.28.1's `FileMiddleware`, which answered `Range:
/// bytes=999999-` with a negative Content-Length, `bytes=SIZE-` with a stray byte that
/// corrupted the next response, `bytes=-5` with 6 bytes from the start; served
/// `/index.html%00` with no Content-Type, dotfiles and symbolic links out of the folder;
/// and redirected `//js` to `//js/` (another host, to a browser).
///
/// Here: paths are checked by `RequestPath` (400 with the reason), looked up by
/// `PublicFolder` (no dot-names, nothing outside the folder), every file gets its
/// Content-Type and `nosniff` (HTML also gets the CSP), a strong ETag and Last-Modified,
/// and one byte range is honoured (`ByteRange`).
public struct StaticFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    init(folder: PublicFolder) {
        files = StaticFiles(folder: folder)
    }

    /// The files of `folder`, for an app of your own (Examples/swift-hummingbird serves a
    /// generated set with it).
    public init(folder: String, context: Context.Type = Context.self) {
        files = StaticFiles(folder: PublicFolder(root: folder))
    }

    /// Answers a `GET` or `HEAD` that no route matched from the folder; anything else passes through.
    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // The router found no route. Other methods keep the router's 404.
            guard request.method == .get || request.method == .head else { throw error }
            return try await files.response(to: request, path: request.uri.path)
        }
    }
}

/// Answers for the files of a `PublicFolder`: the shared part of `StaticFilesMiddleware`
/// (the standalone service, files at `/`) and `EditorRoutes` (mounted in a host app).
struct StaticFiles: Sendable {
    let folder: PublicFolder

    /// The strict Content-Security-Policy of every HTML page (the editor). The editor is
    /// built for it: no inline script or style, no `style=""`, no eval, no other origins;
    /// the browser check (e2e/check_editor.py) runs under it and fails on any
    /// violation. Only HTML gets it because only documents enforce a policy; only files
    /// of public/ are HTML.
    static var contentSecurityPolicy: String {
        [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The editor's files keep their names across releases: let caches keep them, but
    /// ask each time (a 304 with the ETag), so a new release is never mixed with an old one.
    static var cacheControl: String { "no-cache" }

    /// The answer for `path`, the request's path below where the files are mounted
    /// (`mountPath`, "" at the root): a redirect's location keeps the mount path.
    func response(to request: Request, path raw: String, mountPath: String = "") async throws -> Response {
        let path: RequestPath
        do {
            path = try RequestPath(raw)
        } catch {
            throw PlainTextError(status: .badRequest, message: error.message)
        }
        let folder = self.folder
        switch try await NIOThreadPool.singleton.runIfActive({ folder.find(path) }) {
        case .file(let file):
            return try respond(with: file, to: request)
        case .redirect(let location):
            return PlainText.response(
                .movedPermanently, "Moved to \(location)", for: request,
                headers: [.location: mountPath + location])
        case .notFound:
            throw PlainTextError(status: .notFound, message: "No such file: \(RequestError.shown(request.uri.path, limit: 200))")
        case .tooLarge:
            throw PlainTextError(
                status: .forbidden,
                message: "Not served: \(RequestError.shown(request.uri.path, limit: 200)) "
                    + "is larger than \(PublicFolder.maxFileSize >> 20) MiB.")
        }
    }

    private func respond(with file: PublicFile, to request: Request) throws -> Response {
        var headers: HTTPFields = [
            .eTag: file.eTag, .lastModified: HTTPDate.format(file.modified),
            .cacheControl: Self.cacheControl, .xContentTypeOptions: "nosniff",
        ]
        if isNotModified(file, request) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        if file.contentType.hasPrefix("text/html") { headers[.contentSecurityPolicy] = Self.contentSecurityPolicy }
        // An SVG opened by itself is a document too, and SVG can hold script.
        if file.contentType.hasPrefix("image/svg+xml") {
            headers[.contentSecurityPolicy] = SecurityHeaders.svgContentSecurityPolicy
        }
        headers[.acceptRanges] = "bytes"
        var status = HTTPResponse.Status.ok
        var bytes = file.bytes[...]
        // Ranges are defined for GET only (RFC 9110 §14.2); HEAD describes the whole file.
        if request.method == .get, let header = request.headers[.range], rangeApplies(to: file, request),
            let range = ByteRange.parse(header)
        {
            guard let wanted = range.resolve(size: file.bytes.count) else {
                throw PlainTextError(
                    status: .rangeNotSatisfiable,
                    message: "Range not satisfiable: the file has \(file.bytes.count) bytes.",
                    headers: [.contentRange: "bytes */\(file.bytes.count)"])
            }
            status = .partialContent
            headers[.contentRange] = "bytes \(wanted.lowerBound)-\(wanted.upperBound)/\(file.bytes.count)"
            bytes = file.bytes[wanted]
        }
        headers[.contentLength] = String(bytes.count)
        return Response(
            status: status, headers: headers,
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `If-None-Match` (any of a list, weakly compared, or `*`), else `If-Modified-Since`.
    private func isNotModified(_ file: PublicFile, _ request: Request) -> Bool {
        if request.headers[.ifNoneMatch] != nil {
            return IfNoneMatch.matches(request.headers, eTag: file.eTag)
        }
        guard let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) else { return false }
        return file.modified <= since
    }

    /// `If-Range`: the range only if the client's copy is this one (same strong ETag or
    /// the exact Last-Modified); otherwise the whole file.
    private func rangeApplies(to file: PublicFile, _ request: Request) -> Bool {
        guard let ifRange = request.headers[.ifRange] else { return true }
        return ifRange == file.eTag || ifRange == HTTPDate.format(file.modified)
    }
}
