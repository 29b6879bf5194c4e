import Foundation

/// The temporary folder of one export, `$TMPDIR/siwa-export-XXXXXX` (mode 0700), flock()ed
/// while in use. An export removes its folder whatever happens, but a process killed
/// part-way (SIGKILL, power cut) cannot: the next service to start removes every such
/// folder no running export holds (`removeLeftovers`).
final class ExportFolder {
    static let prefix = "siwa-export-"

    let url: URL
    private let lock: Int32

    init() throws {
        var template = Array(Self.parent.appendingPathComponent(Self.prefix + "XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        url = URL(fileURLWithPath: String(cString: made))
        lock = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            if lock >= 0 { close(lock) }
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    private var removed = false

    /// Removes the folder and everything in it, and lets go of its lock (once).
    func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: url)
        close(lock)
    }

    deinit { remove() }

    static var parent: URL { FileManager.default.temporaryDirectory }

    /// Removes the export folders of killed processes: those whose lock can be taken.
    static func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        // Only names mkdtemp makes from our template: `siwa-export-` and six characters.
        for name in names where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            let folder = parent.appendingPathComponent(name)
            let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(at: folder) }
            close(fd)
        }
    }
}
