#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file whole: the bytes go to a hidden temporary file beside the target
/// (same folder, so the same file system), which is flushed to disk and renamed over
/// it. Readers see the old file or the new one, never part of one. A failed write (full
/// disk, no permission) removes the temporary file and leaves the target as it was.
/// SIGINT, SIGTERM and SIGHUP are held back in the writing thread meanwhile; a signal
/// taken by another thread of the process can still end it and leave the hidden
/// `.NAME.siwa-XXXXXXXX` behind (never a half-written target).
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, using: { fd, chunk in Glibc.write(fd, chunk.baseAddress, chunk.count) })
    }

    /// `using` writes a chunk as write(2) does; tests pass one that fails.
    static func write(_ bytes: [UInt8], to path: String, using writeChunk: (Int32, UnsafeRawBufferPointer) -> Int) throws {
        // Through a link to the file it names, as a plain write would: the link stays.
        let target = realPath(path) ?? path
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR { throw FileSystemError(EISDIR, path: path) }
        if exists && info.st_mode & S_IFMT != S_IFREG {
            // /dev/null, a pipe, a terminal: nothing to replace (renaming over them would).
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileSystemError(path: path) }
            defer { close(fd) }
            if let code = writeAll(fd, bytes, using: writeChunk) { throw FileSystemError(code, path: path) }
            return
        }
        try withSignalsHeld {
            let (fd, temporary) = try createTemporary(beside: target, reportedAs: path)
            var failure = writeAll(fd, bytes, using: writeChunk)
            // Keep the old file's permissions; a new one gets 0666 less the umask, as open(2) gives.
            if failure == nil, exists, fchmod(fd, info.st_mode & 0o7777) != 0 { failure = errno }
            if failure == nil, fsync(fd) != 0 { failure = errno }
            if close(fd) != 0, failure == nil { failure = errno }
            if failure == nil, rename(temporary, target) != 0 { failure = errno }
            if let failure {
                unlink(temporary)
                throw FileSystemError(failure, path: path)
            }
            syncFolder(of: target)
        }
    }

    /// A new file `.NAME.siwa-RANDOM` beside `target`, opened for writing.
    private static func createTemporary(beside target: String, reportedAs path: String) throws -> (Int32, String) {
        let (folder, name) = split(target)
        while true {
            let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).siwa-\(randomSuffix())"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { throw FileSystemError(path: path) }
        }
    }

    /// The rename is durable only once the folder itself is on disk.
    package static func syncFolder(of path: String) {
        let folder = split(path).folder
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// A path's folder and name, as NSString's path methods split it:
    /// `out/a.png` -> (`out`, `a.png`), `a.png` -> (``, `a.png`), `/a.png` -> (`/`, `a.png`).
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    private static func withSignalsHeld<T>(_ body: () throws -> T) rethrows -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        // Restored after the file is in place or gone: a pending signal acts only then.
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
