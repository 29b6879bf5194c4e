import Foundation
import SharedTestSupport
import Testing
@testable import SIWAFiles

/// `render -o FILE` writes through `AtomicFile`: a failed write leaves no file, neither
/// a temporary one nor a truncated target, and an old target unchanged.
@Suite struct AtomicFileTests {
    /// A write(2) that takes `allow` bytes, then fails as a full disk does.
    private func failing(after allow: Int) -> (Int32, UnsafeRawBufferPointer) -> Int {
        var left = allow
        return { fd, chunk in
            guard left > 0 else { errno = ENOSPC; return -1 }
            let n = write(fd, chunk.baseAddress, min(chunk.count, left))
            left -= n
            return n
        }
    }

    @Test("Writes and replaces without leaving temporary files") func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("b.png").path
        try AtomicFile.write(Array("first".utf8), to: path)
        chmod(path, 0o640)
        try AtomicFile.write(Array("second".utf8), to: path)
        #expect(folder.bytes("b.png") == Array("second".utf8))
        #expect(folder.files() == ["b.png"])
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
    }

    @Test("A failed write leaves no file") func aFailedWriteLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("b.png").path
        #expect(throws: (any Error).self) {
            try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path, using: failing(after: 4096))
        }
        #expect(folder.files().isEmpty)
    }

    @Test("A failed write leaves the old file unchanged") func aFailedWriteLeavesTheOldFileUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("b.png").path
        try AtomicFile.write(Array("old".utf8), to: path)
        let error = try #require(throws: FileSystemError.self) {
            try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path, using: failing(after: 10))
        }
        #expect(error == FileSystemError(ENOSPC, path: path))
        #expect(folder.bytes("b.png") == Array("old".utf8))
        #expect(folder.files() == ["b.png"])
    }

    @Test("A missing folder or a folder target is an error") func aMissingFolderOrAFolderTargetIsAnError() throws {
        let folder = try TemporaryFolder()
        #expect(throws: (any Error).self) { try AtomicFile.write([1], to: folder.url.appendingPathComponent("none/b.png").path) }
        let error = try #require(throws: FileSystemError.self) { try AtomicFile.write([1], to: folder.url.path) }
        #expect(error.code == EISDIR)
        #expect(folder.files().isEmpty)
    }

    @Test(
        "A path splits into folder and name as NSString splits it",
        arguments: [
            ("out/a.png", "out", "a.png"), ("a.png", "", "a.png"), ("/a.png", "/", "a.png"), ("out/sub/", "out", "sub"),
        ])
    func splitsPaths(path: String, folder: String, name: String) {
        #expect(AtomicFile.split(path) == (folder, name))
        #expect(AtomicFile.split(path).folder == (path as NSString).deletingLastPathComponent)
        #expect(AtomicFile.split(path).name == (path as NSString).lastPathComponent)
    }

    /// A link keeps pointing at the file, which gets the new bytes.
    @Test("Writes through a link") func writesThroughALink() throws {
        let folder = try TemporaryFolder()
        let real = folder.url.appendingPathComponent("real.png"), link = folder.url.appendingPathComponent("link.png")
        try AtomicFile.write(Array("old".utf8), to: real.path)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try AtomicFile.write(Array("new".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(folder.bytes("real.png") == Array("new".utf8))
        #expect(folder.files() == ["link.png", "real.png"])
    }

    /// A device is written, never renamed over (as root that would replace /dev/null).
    @Test("Writes to a device in place") func writesToADeviceInPlace() throws {
        try AtomicFile.write([1, 2, 3], to: "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        let error = try #require(throws: FileSystemError.self) { try AtomicFile.write([1], to: "/dev/full") }
        #expect(error.code == ENOSPC)
    }

    /// A real full file system: a 1 MiB tmpfs (root only).
    @Test("A full disk leaves the old file", .enabled(if: SmallFileSystem.available)) func aFullDiskLeavesTheOldFile() throws {
        let disk = try SmallFileSystem(size: "1m")
        let path = disk.url.appendingPathComponent("b.png").path
        try AtomicFile.write(Array("old".utf8), to: path)
        let error = try #require(throws: FileSystemError.self) { try AtomicFile.write(Array(repeating: 1, count: 2 << 20), to: path) }
        #expect(error.code == ENOSPC)
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["b.png"])
    }
}
