import Foundation
import SharedTestSupport
import Testing

/// `generate` onto a full disk (a 2 MiB tmpfs): one line naming the problem, and the old
/// set stays, matching its manifest, with nothing else left on the disk.
@Suite struct GenerateFullDiskTests {
    @Test("generate onto a full disk keeps the previous set", .enabled(if: SmallFileSystem.available, "needs root and a tmpfs mount"))
    func fullDisk() throws {
        let disk = try SmallFileSystem(size: "2m")
        let set = disk.url.appendingPathComponent("set")
        let first = try Executable.siwa(["generate", "--out", set.path])
        try #require(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: set.appendingPathComponent("manifest.json"))
        try Executable.siwa(["generate", "--out", set.path, "--locales", "all"]).expectFileError("No space left on device.")
        #expect(try Data(contentsOf: set.appendingPathComponent("manifest.json")) == before)
        #expect(try filesDifferingFromManifest(set).isEmpty)
        #expect(stagingFolders(of: set).isEmpty)
        #expect(entries(disk.url) == ["set"])
    }
}
