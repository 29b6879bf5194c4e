import CSIWASystem
import Foundation
import SIWAFiles
#if canImport(Glibc)
import Glibc
#endif

/// A new set is built in a hidden sibling of the output folder, `.NAME.siwa-new-RANDOM`
/// (same parent, so the same file system), and swapped in whole at the end:
///
/// - `commit()` exchanges the two folders in one atomic rename (renameat2
///   RENAME_EXCHANGE): at every moment `NAME` is the complete old set or the complete
///   new one. The old set, now under the hidden name, is removed afterwards.
/// - Where the file system cannot exchange, the old set is renamed to
///   `.NAME.siwa-old-RANDOM`, then the new one to `NAME`. Between these two renames
///   `NAME` is missing; a run killed there leaves the old set under the `old` name,
///   and the next run renames it back before doing anything else.
///
/// Every hidden folder is flock()ed while a run uses it. The next run removes the ones
/// it can lock (their run was killed: SIGKILL, power cut) and leaves locked ones alone,
/// so two runs never remove each other's work.
final class StagingFolder {
    /// The output folder, absolute, with links resolved (a link to a folder stays a link).
    let target: URL
    /// Where the new set is written.
    let url: URL
    private var locks: [Int32] = []
    /// What `close()` removes: the staging folder, or after `commit()` the old set
    /// under its hidden name.
    private var leftover: URL?
    /// Tests turn this off to take the two-rename path.
    var atomicExchange = true

    private static let marker = ".siwa-"

    init(target folder: URL) throws {
        let absolute = folder.standardizedFileURL
        guard absolute.path != "/" else { throw FileSystemError(EBUSY, path: folder.path) }
        let parent = absolute.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: parent.path) {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        let inParent = URL(fileURLWithPath: realPath(parent.path) ?? parent.path).appendingPathComponent(absolute.lastPathComponent)
        let target = realPath(inParent.path).map { URL(fileURLWithPath: $0) } ?? inParent
        self.target = target
        let name = target.lastPathComponent
        Self.recoverLeftovers(of: target)
        var created: URL?
        while created == nil {
            let candidate = target.deletingLastPathComponent().appendingPathComponent(".\(name)\(Self.marker)new-\(randomSuffix())")
            if mkdir(candidate.path, 0o777) == 0 {
                created = candidate
            }
            // Named by the folder it is made in: that is what must be writable.
            else if errno != EEXIST {
                throw FileSystemError(path: parent.path)
            }
        }
        url = created!
        leftover = url
        // A folder of its own file system (a mount point) cannot be renamed into place,
        // and carrying its files over would copy them.
        var old = stat(), new = stat()
        if stat(target.path, &old) == 0, stat(url.path, &new) == 0, old.st_dev != new.st_dev {
            rmdir(url.path)
            throw MountPointError(path: folder.path)
        }
        lock(url)
        copyOwnerAndMode(from: target, to: url)
    }

    deinit { close() }

    /// Swaps the new set in. Before this, the output folder was never touched.
    func commit() throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: target.path) else {
            guard rename(url.path, target.path) == 0 else { throw FileSystemError(path: target.path) }
            return finishCommit(retired: nil)
        }
        lock(target)  // the old set, whichever name it goes under next
        if atomicExchange, siwa_exchange(url.path, target.path) == 0 {
            return finishCommit(retired: url)
        }
        if atomicExchange, ![EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(errno) {
            throw FileSystemError(path: target.path)
        }
        let aside = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent)\(Self.marker)old-\(randomSuffix())")
        guard rename(target.path, aside.path) == 0 else { throw FileSystemError(path: target.path) }
        guard rename(url.path, target.path) == 0 else {
            let failure = errno
            _ = rename(aside.path, target.path)  // put the old set back
            throw FileSystemError(failure, path: target.path)
        }
        finishCommit(retired: aside)
    }

    private func finishCommit(retired: URL?) {
        leftover = retired
        AtomicFile.syncFolder(of: target.path)
    }

    /// Removes the staging folder (a run that failed or was interrupted) or the old set
    /// (after `commit()`), and releases the locks. Idempotent.
    func close() {
        if let leftover { try? FileManager.default.removeItem(at: leftover) }
        leftover = nil
        for fd in locks { Glibc.close(fd) }
        locks = []
    }

    /// `PREFIX` + `new-` or `old-` + 1-8 hex digits, exactly as this type names its
    /// folders: a user's `.dist.siwa-backup/`, or another output's leftovers
    /// (`.dist.siwa-x.siwa-old-…`), are not ours to remove.
    static func isOurs(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.dropFirst(prefix.count)
        guard rest.hasPrefix("new-") || rest.hasPrefix("old-") else { return false }
        let suffix = rest.dropFirst(4)
        return (1...8).contains(suffix.count) && suffix.allSatisfy(\.isHexDigit)
    }

    /// Puts back an old set a killed two-rename swap left aside, and removes the other
    /// hidden folders of runs that are gone.
    private static func recoverLeftovers(of target: URL) {
        let parent = target.deletingLastPathComponent()
        let prefix = "." + target.lastPathComponent + marker
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names.sorted() where isOurs(name, prefix: prefix) {
            let leftover = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(leftover.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let fd = open(leftover.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { Glibc.close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }  // a run in progress
            let isOldSet = name.dropFirst(prefix.count).hasPrefix("old-")
            if isOldSet, !FileManager.default.fileExists(atPath: target.path),
                rename(leftover.path, target.path) == 0
            {
                continue
            }
            try? FileManager.default.removeItem(at: leftover)
        }
    }

    private func lock(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        flock(fd, LOCK_EX | LOCK_NB)
        locks.append(fd)
    }
}

/// The output folder, or a folder in it, is a mount point.
package struct MountPointError: Error, CustomStringConvertible {
    package let path: String
    package var description: String {
        "'\(path)' is a mount point: a set is swapped in by renaming folders, which cannot cross file systems."
    }
}

/// The new folder takes the old one's permissions (and, for root, its owner).
func copyOwnerAndMode(from source: URL, to destination: URL) {
    var info = stat()
    guard lstat(source.path, &info) == 0 else { return }
    chmod(destination.path, info.st_mode & 0o7777)
    if getuid() == 0 { _ = chown(destination.path, info.st_uid, info.st_gid) }
}
