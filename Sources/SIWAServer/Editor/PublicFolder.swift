import Crypto
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The `--public` folder, read with blocking calls (run it on a thread pool). Nothing
/// outside it is ever read: the path is resolved with `realpath` (symbolic links
/// followed) and must stay under the resolved folder; no segment may start with `.`,
/// before or after resolving (`.env`, `.git/`); only regular files are opened (a FIFO
/// would block). Files are read whole, so a response's length is what was read.
struct PublicFolder: Sendable {
    let root: String
    /// Files larger than this are not served (the editor's files are a few KB each).
    static let maxFileSize = 16 << 20

    enum Found: Equatable {
        case file(PublicFile)
        /// A folder asked for without its trailing slash, or a path with empty segments:
        /// the canonical path, always starting with a single `/`.
        case redirect(String)
        case notFound
        case tooLarge
    }

    func find(_ path: RequestPath) -> Found {
        guard !path.segments.contains(where: { $0.hasPrefix(".") }) else { return .notFound }
        switch resolve(path.segments) {
        case .directory?:
            // A folder is its index.html; without one it is not found (no listing, no redirect).
            guard case .file(let index)? = resolve(path.segments + ["index.html"]) else { return .notFound }
            guard path.hasTrailingSlash, path.isCanonical else { return .redirect(path.encoded(trailingSlash: true)) }
            return load(index, name: "index.html")
        case .file(let resolved)?:
            // realpath accepts `file.txt/`; a file is never a folder.
            guard !path.hasTrailingSlash else { return .notFound }
            guard path.isCanonical else { return .redirect(path.encoded(trailingSlash: false)) }
            return load(resolved, name: path.segments.last ?? "")
        case nil:
            return .notFound
        }
    }

    private enum Kind { case directory, file(String) }

    /// What `segments` names under the root, with every link resolved; nil if it does
    /// not exist, leaves the root, passes through a dot-name or is neither file nor folder.
    private func resolve(_ segments: [String]) -> Kind? {
        guard let base = Self.realPath(root),
            let resolved = Self.realPath(([base] + segments).joined(separator: "/"))
        else { return nil }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard resolved == base || resolved.hasPrefix(prefix) else { return nil }
        guard !resolved.dropFirst(prefix.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return nil
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file(resolved)
        default: return nil
        }
    }

    private func load(_ path: String, name: String) -> Found {
        // O_NOFOLLOW: the path was just resolved, a link appearing now is refused.
        // O_NONBLOCK: a FIFO swapped in after the stat cannot hang the thread.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return .notFound }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notFound }
        guard info.st_size <= Self.maxFileSize else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }  // shrunk meanwhile: serve what was read
            count += n
        }
        return .file(PublicFile(name: name, bytes: Array(bytes.prefix(count)), modified: Self.modificationTime(info)))
    }

    private static func modificationTime(_ info: stat) -> Int {
        #if os(Linux)
        Int(info.st_mtim.tv_sec)
        #else
        Int(info.st_mtimespec.tv_sec)
        #endif
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A file of the public folder, read.
struct PublicFile: Equatable {
    let bytes: [UInt8]
    /// Modification time, seconds since 1970.
    let modified: Int
    let contentType: String
    /// Strong: a digest of the bytes, the same on every instance serving the same files.
    let eTag: String

    init(name: String, bytes: [UInt8], modified: Int) {
        self.bytes = bytes
        self.modified = modified
        contentType = Self.mediaType(forFileName: name)
        eTag =
            "\"" + SHA256.hash(data: bytes).prefix(16).map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + "\""
    }

    /// By extension, case-insensitively; anything unknown is opaque bytes (with
    /// `nosniff`, a browser will not guess a script or a page from the content).
    static func mediaType(forFileName name: String) -> String {
        let ext = name.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last?.lowercased() ?? ""
        return mediaTypes[ext] ?? "application/octet-stream"
    }

    private static let mediaTypes = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8", "xml": "application/xml", "ts": "application/typescript; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "pdf": "application/pdf", "wasm": "application/wasm", "woff2": "font/woff2", "woff": "font/woff",
    ]
}
