import Foundation
import SharedTestSupport
import Testing

/// `serve --canonical` and `--cache-version`: a bad value is one line naming the option,
/// status 64, before the server starts (never a crash loop without a reason).
@Suite struct ServeURLOptionsTests {
    @Test(
        "A bad --canonical or --cache-version value: one line naming the option, status 64",
        arguments: [
            (["--canonical", "sometimes"], "Error: --canonical must be 'redirect' or 'off', not 'sometimes'."),
            (
                ["--cache-version", "2026 11"],
                "Error: --cache-version: '2026 11' is not a cache-version token: use 1-32 letters, digits, '.', '_', '-' or '~' (or 'off')."
            ),
            (
                ["--cache-version", "a,,b"],
                "Error: --cache-version: '' is not a cache-version token: use 1-32 letters, digits, '.', '_', '-' or '~' (or 'off')."
            ),
        ])
    func badValue(arguments: [String], line: String) throws {
        // Port 1 is never bound: a value that got past validation would fail differently.
        let result = try Executable.siwa(["serve", "--port", "1"] + arguments, timeout: 120)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines == [Substring(line)], "\(result.stderr)")
    }

    @Test("generate --cache-version with a bad token: one line, status 64, nothing written")
    func generateBadToken() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["generate", "--out", tmp("never").path, "--cache-version", "2026/11"], timeout: 120)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderrLines == [
                "Error: --cache-version: '2026/11' is not a cache-version token: use 1-32 letters, digits, '.', '_', '-' or '~'."
            ],
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp("never").path))
    }
}
