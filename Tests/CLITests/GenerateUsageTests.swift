import Foundation
import SharedTestSupport
import Testing

/// `generate`'s usage errors (status 64, one line) are found before anything is written.
@Suite struct GenerateUsageTests {
    /// `generate arguments...` run in `tmp`: status 64, one line of output holding `message`.
    static func expectUsage(
        _ message: String, _ arguments: [String], in tmp: TemporaryFolder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try Executable.siwa(["generate"] + arguments, in: tmp.url)
        #expect(result.status == 64, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty && result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("--out with an empty name")
    func emptyOut() throws {
        let tmp = try TemporaryFolder()
        try Self.expectUsage("--out: give a folder name, e.g. --out dist.", ["--out", ""], in: tmp)
        #expect(entries(tmp.url).isEmpty)
    }

    @Test("A 799,311-file request is refused, and creates no folder")
    func hugeRequest() throws {
        let tmp = try TemporaryFolder()
        let sizes = stride(from: 130, through: 375, by: 5).flatMap { w in [30, 44, 64].map { "\(w)x\($0)" } }.joined(separator: ",")
        try Self.expectUsage(
            "This configuration writes 799311 files, more than 20000: pass --max-files 799311 to allow it.",
            ["--out", "huge", "--locales", "all", "--sizes", sizes, "--scales", "1,2,3,4,5,6", "--formats", "png,svg,pdf"],
            in: tmp)
        #expect(entries(tmp.url).isEmpty)
    }

    @Test("--max-files below the count is refused; the count itself is allowed")
    func maxFiles() throws {
        let tmp = try TemporaryFolder()
        try Self.expectUsage("writes 87 files, more than 50: pass --max-files 87", ["--out", "small", "--max-files", "50"], in: tmp)
        #expect(entries(tmp.url).isEmpty)
        let result = try Executable.siwa(["generate", "--out", tmp("small").path, "--max-files", "87"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(tmp.files().filter { $0.hasPrefix("small/") }.count == 87)
    }

    @Test("--out naming the current folder")
    func currentFolder() throws {
        let tmp = try TemporaryFolder()
        try Self.expectUsage("is the current folder or holds it", ["--out", "."], in: tmp)
        #expect(entries(tmp.url).isEmpty)
    }
}
