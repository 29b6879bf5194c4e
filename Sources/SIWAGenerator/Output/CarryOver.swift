import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The output folder may hold things that are not ours (a README, a `.git`, notes).
/// They go into the staging folder as hard links before anything is rendered, so they
/// are in the new set when it is swapped in, and the files themselves (same inode,
/// owner, permissions) are never opened, moved or changed: a failed run removes only
/// the links. Ours, and left behind, are the regular files the previous
/// `manifest.json` listed (generated shape only) and `manifest.json` itself.
struct CarryOver {
    let from: URL
    let to: URL
    /// Regular files of the previous set.
    let previous: Set<String>
    /// Paths the new set writes: a file of the user's there gives way (as it was
    /// overwritten before); a folder there is an error.
    let newFiles: Set<String>
    /// Their folders: anything but a folder of the user's there is an error.
    let newFolders: Set<String>

    init(from: URL, to: URL, previous: Set<String>, newFiles: Set<String>) {
        self.from = from
        self.to = to
        self.previous = previous
        self.newFiles = newFiles
        var folders = Set<String>()
        for path in newFiles {
            var dir = (path as NSString).deletingLastPathComponent
            while !dir.isEmpty, folders.insert(dir).inserted { dir = (dir as NSString).deletingLastPathComponent }
        }
        newFolders = folders
    }

    /// Links every item of the user's into `to`. Returns the files of the previous set
    /// that the new one no longer makes.
    func run() throws -> [String] {
        var info = stat()
        guard lstat(from.path, &info) == 0 else { return [] }  // a new folder: nothing to carry
        var dropped: [String] = []
        _ = try carry("", device: info.st_dev, dropped: &dropped)
        return dropped.sorted()
    }

    /// Carries the folder at relative path `dir`; returns whether anything of the user's
    /// was in it (an empty folder counts, folders that held only our files do not).
    /// `device`: the output folder's file system, which links cannot leave.
    private func carry(_ dir: String, device: dev_t, dropped: inout [String]) throws -> Bool {
        let source = dir.isEmpty ? from : from.appendingPathComponent(dir)
        let names = try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        var kept = names.isEmpty
        for name in names {
            let path = dir.isEmpty ? name : dir + "/" + name
            let item = from.appendingPathComponent(path).path, copy = to.appendingPathComponent(path).path
            var info = stat()
            guard lstat(item, &info) == 0 else { throw failure(errno, path) }
            if info.st_mode & S_IFMT == S_IFDIR {
                if newFiles.contains(path) { throw failure(EISDIR, path) }
                if info.st_dev != device { throw MountPointError(path: item) }
                if mkdir(copy, 0o777) != 0 && errno != EEXIST { throw failure(errno, path) }
                if try carry(path, device: device, dropped: &dropped) {
                    copyOwnerAndMode(from: from.appendingPathComponent(path), to: to.appendingPathComponent(path))
                    kept = true
                } else if !newFolders.contains(path) {
                    rmdir(copy)
                }
                continue
            }
            let isRegular = info.st_mode & S_IFMT == S_IFREG
            if isRegular && (path == OutputFolder.manifestName || previous.contains(path)) {
                if !newFiles.contains(path) && path != OutputFolder.manifestName { dropped.append(path) }
                continue
            }
            if newFiles.contains(path) { continue }
            if newFolders.contains(path) { throw failure(ENOTDIR, path) }
            try link(item, to: copy, isRegular: isRegular, path: path)
            kept = true
        }
        return kept
    }

    /// A hard link (linkat without following: a symlink is linked as a symlink); where
    /// the file system refuses one, a copy.
    private func link(_ item: String, to copy: String, isRegular: Bool, path: String) throws {
        if linkat(AT_FDCWD, item, AT_FDCWD, copy, 0) == 0 { return }
        let code = errno
        do {
            if isRegular {
                try FileManager.default.copyItem(atPath: item, toPath: copy)
            } else {
                try FileManager.default.createSymbolicLink(
                    atPath: copy, withDestinationPath: FileManager.default.destinationOfSymbolicLink(atPath: item))
            }
        } catch {
            throw failure(code, path)
        }
    }

    /// Named by its path in the set, as a failed image is (the command prefixes `--out`).
    private func failure(_ code: Int32, _ path: String) -> BatchRenderer.RenderFailure {
        BatchRenderer.RenderFailure(path: path, underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}
