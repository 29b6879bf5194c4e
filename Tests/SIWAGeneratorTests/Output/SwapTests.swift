import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// A run is built beside the output folder and swapped in whole: whatever stops it,
/// the folder holds the complete old set, matching its manifest, or the new one.
@Suite struct SwapTests {
    struct Injected: Error {}

    /// Throws on its `n`th call: a failure after n - 1 files.
    final class FailAfter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        let n: Int
        init(_ n: Int) { self.n = n }
        func check() throws {
            try lock.withLock {
                calls += 1
                if calls >= n { throw Injected() }
            }
        }
    }

    /// Every file below `folder` with its bytes.
    private func snapshot(_ folder: TemporaryFolder) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: folder.files().map { ($0, folder.bytes($0)) })
    }

    private func hiddenSiblings(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("." + folder.lastPathComponent + ".siwa-") }
    }

    private func largerConfiguration() -> GeneratorConfiguration {
        var config = smallConfiguration()
        config.types = ButtonSpec.Kind.allCases
        config.locales = ["en_US", "de_DE", "ar_SA", "ja_JP"].map { ButtonLocale(code: $0)! }
        config.scales = [1, 2, 3]
        return config
    }

    @Test("A run stopped part way leaves the old set", arguments: [1, 2, 40, 150])
    func aRunStoppedPartWayLeavesTheOldSet(after files: Int) throws {
        let folder = try TemporaryFolder()
        _ = try generator(smallConfiguration()).generate(into: folder.url)
        let before = snapshot(folder)
        let stop = FailAfter(files)
        #expect(throws: Injected.self) {
            try generator(largerConfiguration()).generate(into: folder.url, checkpoint: stop.check)
        }
        #expect(snapshot(folder) == before)
        #expect(try filesDifferingFromManifest(folder.url).isEmpty)
        #expect(try hiddenSiblings(of: folder.url).isEmpty)
    }

    /// The new set has no file of the old one that it does not make, and the folder's
    /// own files (a README, nested notes, a link, an empty folder) are carried over as
    /// the same files (hard links), under either swap.
    @Test("The user's files are carried into the new set", arguments: [true, false])
    func theUsersFilesAreCarriedIntoTheNewSet(atomicExchange: Bool) throws {
        let outer = try TemporaryFolder()
        let folder = outer.url.appendingPathComponent("dist")
        _ = try generator(largerConfiguration()).generate(into: folder)
        let fm = FileManager.default
        try Data("readme".utf8).write(to: folder.appendingPathComponent("README"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("center/notes.txt"))
        try fm.createDirectory(at: folder.appendingPathComponent(".git/objects"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: folder.appendingPathComponent("latest"), withDestinationURL: outer.url)
        let inode = try fm.attributesOfItem(atPath: folder.appendingPathComponent("README").path)[.systemFileNumber] as? Int

        var smaller = try generator(smallConfiguration())
        smaller.atomicExchange = atomicExchange
        let report = try smaller.generate(into: folder)
        #expect(report.removed.contains("center/sign-up/black/en_US/button@3x.png"))
        #expect(try filesDifferingFromManifest(folder).isEmpty)
        #expect(try fm.attributesOfItem(atPath: folder.appendingPathComponent("README").path)[.systemFileNumber] as? Int == inode)
        #expect(fm.contents(atPath: folder.appendingPathComponent("center/notes.txt").path) == Data("mine".utf8))
        #expect(fm.fileExists(atPath: folder.appendingPathComponent(".git/objects").path))
        #expect(try fm.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("latest").path) == outer.url.path)
        let manifest = try Manifest.decode(Array(Data(contentsOf: folder.appendingPathComponent("manifest.json"))))
        let expected = manifest.files.map(\.path) + manifest.pages.map(\.path) + ["manifest.json", "README", "center/notes.txt"]
        let onDisk = fm.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter {
            var isFolder: ObjCBool = false
            return fm.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(Set(onDisk).subtracting(["latest"]) == Set(expected))
        #expect(!fm.fileExists(atPath: folder.appendingPathComponent("center/sign-up").path))
        #expect(try hiddenSiblings(of: folder).isEmpty)
    }

    /// What a SIGKILL leaves: a staging folder. The next run removes it, unless a run
    /// still holds it (locked), and puts back an old set a killed two-rename swap moved aside.
    @Test("Only our hidden folders are leftovers") func onlyOurHiddenFoldersAreLeftovers() {
        let prefix = ".dist.siwa-"
        #expect(StagingFolder.isOurs(".dist.siwa-new-1a2b3c4d", prefix: prefix))
        #expect(StagingFolder.isOurs(".dist.siwa-old-f", prefix: prefix))
        #expect(!StagingFolder.isOurs(".dist.siwa-backup", prefix: prefix))
        #expect(!StagingFolder.isOurs(".dist.siwa-x.siwa-old-1a2b", prefix: prefix))
        #expect(!StagingFolder.isOurs(".dist.siwa-new-1a2b3c4d5", prefix: prefix))
        #expect(!StagingFolder.isOurs(".dist.siwa-new-xyz", prefix: prefix))
    }

    @Test("Leftovers of a killed run are removed or restored") func leftoversOfAKilledRunAreRemovedOrRestored() throws {
        let outer = try TemporaryFolder()
        let folder = outer.url.appendingPathComponent("dist")
        _ = try generator(smallConfiguration()).generate(into: folder)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let fm = FileManager.default
        let dead = outer.url.appendingPathComponent(".dist.siwa-new-dead")
        let live = outer.url.appendingPathComponent(".dist.siwa-new-beef")
        for leftover in [dead, live] {
            try fm.createDirectory(at: leftover.appendingPathComponent("center"), withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: leftover.appendingPathComponent("center/half.png"))
        }
        let lock = open(live.path, O_RDONLY | O_DIRECTORY)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        // Killed between the two renames: only the old set, under its hidden name.
        try fm.moveItem(at: folder, to: outer.url.appendingPathComponent(".dist.siwa-old-c0ffee"))

        let report = try generator(smallConfiguration()).generate(into: folder)
        #expect(report.removed.isEmpty)
        #expect(fm.contents(atPath: folder.appendingPathComponent("notes.txt").path) == Data("mine".utf8))
        #expect(try filesDifferingFromManifest(folder).isEmpty)
        #expect(try hiddenSiblings(of: folder) == [".dist.siwa-new-beef"])
    }

    /// Where the set needs a file, a folder of the user's is an error before anything
    /// is rendered; where it needs a folder, a file is.
    @Test("The user's folder in the way is an error") func theUsersFolderInTheWayIsAnError() throws {
        let folder = try TemporaryFolder()
        _ = try generator(smallConfiguration()).generate(into: folder.url)
        let before = snapshot(folder)
        var logo = smallConfiguration()
        logo.modes = [.logo]
        logo.scales = [3]
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("logo/black/button@3x.png/x"),
            withIntermediateDirectories: true)
        let failure = try #require(throws: BatchRenderer.RenderFailure.self) { try generator(logo).generate(into: folder.url) }
        #expect(failure.path == "logo/black/button@3x.png")
        #expect((failure.underlying as NSError).code == Int(EISDIR))
        #expect(snapshot(folder) == before)
    }

    /// `--out` may be a link to a folder: the link stays, the set is swapped behind it.
    @Test("A linked output folder stays a link") func aLinkedOutputFolderStaysALink() throws {
        let outer = try TemporaryFolder()
        let real = outer.url.appendingPathComponent("real"), link = outer.url.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        _ = try generator(smallConfiguration()).generate(into: link)
        _ = try generator(smallConfiguration()).generate(into: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try filesDifferingFromManifest(real).isEmpty)
    }

    /// A real full disk: a 3 MiB tmpfs holds the small set but not the larger one.
    @Test("A full disk leaves the old set", .enabled(if: SmallFileSystem.available)) func aFullDiskLeavesTheOldSet() throws {
        let disk = try SmallFileSystem(size: "3m")
        let folder = disk.url.appendingPathComponent("dist")
        _ = try generator(smallConfiguration()).generate(into: folder)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var huge = largerConfiguration()
        huge.locales = ButtonLocale.all
        let failure = try #require(throws: BatchRenderer.RenderFailure.self) { try generator(huge).generate(into: folder) }
        #expect((failure.underlying as NSError).code == Int(ENOSPC) || "\(failure.underlying)".contains("space"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try filesDifferingFromManifest(folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["dist"])
    }

    /// The count `generate` checks against --max-files is the number of files a run writes.
    @Test("File count is what a run writes") func fileCountIsWhatARunWrites() throws {
        var configs = [smallConfiguration(), largerConfiguration(), GeneratorConfiguration()]
        var odd = smallConfiguration()
        odd.formats = [.svg, .pdf, .vectorDrawable]
        odd.styles = [.black]
        configs.append(odd)
        var webp = smallConfiguration()
        webp.formats = [.webp, .pdf]
        configs.append(webp)
        for config in configs {
            for snippets in [false, true] {
                let assets = config.assets(extra: snippets ? config.snippetAssets : [])
                // + index.html, gallery.js, manifest.json; the five snippet files and the element's files
                #expect(Generator.fileCount(config, snippets: snippets) == assets.count + (snippets ? 8 + ElementFiles.names().count : 3))
            }
        }
        let folder = try TemporaryFolder()
        var web = smallConfiguration()
        web.web.clientId = "com.example.web"
        web.web.redirectURI = "https://example.com/cb"
        _ = try generator(web).generate(into: folder.url)
        #expect(folder.files().count == Generator.fileCount(web, snippets: true))
    }
}
