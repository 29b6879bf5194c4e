import Foundation
import SharedTestSupport
import Testing

/// `generate` stopped part-way: SIGINT and SIGTERM leave the previous set, every file
/// matching its manifest, and no staging folder; SIGKILL leaves a staging folder that
/// the next run removes. The signal is sent once the run has staged 200 files.
@Suite(.serialized) struct GenerateSignalTests {
    @Test(
        "SIGINT and SIGTERM: status 128+n, one line, the previous set as it was, no staging folder",
        arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func interrupted(signal: Int32, name: String) throws {
        let tmp = try TemporaryFolder()
        let (set, before) = try Self.previousSet(in: tmp)
        let run = try Self.interruptedRun(of: set, in: tmp, with: signal)
        #expect(run.reason == .exit && run.status == 128 + signal, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Interrupted (\(name)): '\(set.path)' is as it was"), "\(run.stderr)")
        #expect(stagingFolders(of: set).isEmpty)
        try Self.expectUnchanged(set, manifest: before)
    }

    @Test("SIGKILL: the previous set as it was, a staging folder the next run removes")
    func killed() throws {
        let tmp = try TemporaryFolder()
        let (set, before) = try Self.previousSet(in: tmp)
        let run = try Self.interruptedRun(of: set, in: tmp, with: SIGKILL)
        #expect(run.reason == .uncaughtSignal && run.status == SIGKILL)
        #expect(!stagingFolders(of: set).isEmpty)
        try Self.expectUnchanged(set, manifest: before)

        let next = try Executable.siwa(["generate", "--out", set.path, "--modes", "logo"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(stagingFolders(of: set).isEmpty)
        #expect(try filesDifferingFromManifest(set).isEmpty)
        #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("notes.txt").path))
    }

    /// A generated set with a file of the user's (notes.txt), and its manifest.
    static func previousSet(in tmp: TemporaryFolder) throws -> (URL, Data) {
        let set = tmp("set")
        let result = try Executable.siwa(["generate", "--out", set.path, "--modes", "logo"])
        try #require(result.status == 0, "\(result.stderr)")
        try Data("mine\n".utf8).write(to: set.appendingPathComponent("notes.txt"))
        return (set, try Data(contentsOf: set.appendingPathComponent("manifest.json")))
    }

    /// The set is the one before: the same manifest, every file matching it, notes.txt kept.
    static func expectUnchanged(_ set: URL, manifest: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Data(contentsOf: set.appendingPathComponent("manifest.json")) == manifest, sourceLocation: sourceLocation)
        #expect(try filesDifferingFromManifest(set).isEmpty, sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("notes.txt").path), sourceLocation: sourceLocation)
    }

    /// A one-worker run of every locale (2,676 files) into `set`, sent `signal` once 200
    /// files are staged; its end.
    static func interruptedRun(of set: URL, in tmp: TemporaryFolder, with signal: Int32) throws -> Executable.Result {
        let errFile = tmp("signal.err")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let process = Process()
        process.executableURL = Executable.siwaButtons
        process.arguments = ["generate", "--out", set.path, "--locales", "all", "--jobs", "1"]
        process.environment = Executable.userEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        // Generous: a loaded machine may take a while to stage 200 files.
        let deadline = Date().addingTimeInterval(240)
        var staged = 0
        while process.isRunning && staged < 200 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            staged = stagedFiles(of: set)
        }
        let running = process.isRunning
        kill(process.processIdentifier, running ? signal : SIGKILL)
        process.waitUntilExit()
        try #require(running && staged >= 200, "the run ended or staged only \(staged) files before the signal")
        return Executable.Result(
            status: process.terminationStatus, reason: process.terminationReason, stdout: Data(),
            stderr: String(decoding: (try? Data(contentsOf: errFile)) ?? Data(), as: UTF8.self))
    }

    /// Files in the staging folders beside `set`.
    static func stagedFiles(of set: URL) -> Int {
        stagingFolders(of: set).filter { $0.hasPrefix(".\(set.lastPathComponent).siwa-new-") }.reduce(0) { count, name in
            let folder = set.deletingLastPathComponent().appendingPathComponent(name)
            let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects ?? []
            return count
                + all.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .count
        }
    }
}
