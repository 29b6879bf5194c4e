import Foundation
import SharedTestSupport
import Testing

/// Files that cannot be written: one line naming the file and why, status 1, and no
/// file left behind (no temporary one, no truncated target).
@Suite struct WriteErrorTests {
    @Test("render into a folder that does not exist")
    func missingFolder() throws {
        let tmp = try TemporaryFolder()
        try Executable.siwa(["render", "/appleid/button", "-o", tmp("none/b.png").path])
            .expectFileError("Cannot write '\(tmp("none/b.png").path)': No such file or directory.")
    }

    @Test("render onto a folder")
    func ontoFolder() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: tmp("folder"), withIntermediateDirectories: false)
        try Executable.siwa(["render", "/appleid/button", "-o", tmp("folder").path])
            .expectFileError("Cannot write '\(tmp("folder").path)': Is a directory.")
        #expect(entries(tmp("folder")).isEmpty)
    }

    @Test("render below a file: the file stays as it was")
    func belowFile() throws {
        let tmp = try TemporaryFolder()
        let old = tmp("old.png")
        #expect(try Executable.siwa(["render", "/appleid/button", "-o", old.path]).status == 0)
        let before = tmp.bytes("old.png")
        try Executable.siwa(["render", "/appleid/button", "-o", old.path + "/x"])
            .expectFileError("Cannot write '\(old.path)/x': Not a directory.")
        #expect(!before.isEmpty && tmp.bytes("old.png") == before)
        #expect(entries(tmp.url) == ["old.png"])
    }

    @Test("generate --out naming a file")
    func outIsFile() throws {
        let tmp = try TemporaryFolder()
        _ = FileManager.default.createFile(atPath: tmp("file").path, contents: nil)
        try Executable.siwa(["generate", "--out", tmp("file").path])
            .expectFileError("--out: '\(tmp("file").path)' is a file, not a folder.")
        try Executable.siwa(["generate", "--out", tmp("file/sub").path])
            .expectFileError("Cannot write '\(tmp("file").path)': Not a directory.")
        #expect(entries(tmp.url) == ["file"])
    }

    @Test("generate: an image to write is a folder")
    func imageIsFolder() throws {
        let tmp = try TemporaryFolder()
        let image = tmp("set/logo/black/button@1x.png")
        try FileManager.default.createDirectory(at: image, withIntermediateDirectories: true)
        try Executable.siwa([
            "generate", "--out", tmp("set").path, "--modes", "logo", "--styles", "black",
            "--scales", "1", "--formats", "png",
        ])
        .expectFileError("Cannot write '\(image.path)': Is a directory.")
        #expect(entries(tmp.url) == ["set"])
    }

    @Test("render into a read-only folder leaves it empty")
    func readOnlyFolder() throws {
        let tmp = try TemporaryFolder()
        // Root writes through permissions: a read-only tmpfs then; else a folder without write permission.
        let mounted = SmallFileSystem.available ? try SmallFileSystem(size: "64k", options: ["ro"]) : nil
        let folder = mounted?.url ?? tmp("ro")
        if mounted == nil {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o555])
        }
        let reason = mounted == nil ? "Permission denied" : "Read-only file system"
        try Executable.siwa(["render", "/appleid/button", "-o", folder.appendingPathComponent("b.png").path])
            .expectFileError("Cannot write '\(folder.path)/b.png': \(reason).")
        #expect(entries(folder).isEmpty)
    }

    @Test(
        "render onto a full disk: the old file stays whole, nothing else is left",
        .enabled(if: SmallFileSystem.available, "needs root and a tmpfs mount"))
    func fullDisk() throws {
        let disk = try SmallFileSystem(size: "64k")
        let target = disk.url.appendingPathComponent("b.png")
        #expect(try Executable.siwa(["render", "/appleid/button", "-o", target.path]).status == 0)
        let before = try Data(contentsOf: target)
        try fill(disk.url.appendingPathComponent("fill"))
        try Executable.siwa(["render", "/appleid/button/left?width=375&height=64&scale=6", "-o", target.path])
            .expectFileError("Cannot write '\(target.path)': No space left on device.")
        #expect(entries(disk.url) == ["b.png", "fill"])
        #expect(try Data(contentsOf: target) == before)
    }
}

/// Writes zeros to `file` until the disk is full.
func fill(_ file: URL) throws {
    let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let zeros = [UInt8](repeating: 0, count: 4096)
    while zeros.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    #expect(errno == ENOSPC)
}
