import Foundation
import SharedTestSupport
import Testing

/// Bad input to `render`: a non-zero status, a message naming the problem, no file.
/// Wrong options are usage errors: status 64, without fontconfig's noise.
@Suite struct RenderBadInputTests {
    @Test(
        "A bad request or format: status 1, the message, no file",
        arguments: [
            ("/appleid/button?width=20", "Invalid value '20' for parameter 'width': expected an integer from 130 to 375.", []),
            ("/appleid/button?colour=black", "Unknown parameter 'colour'", []),
            ("/appleid/button?color=red", "expected 'black' or 'white'", []),
            ("/appleid/button?scale=2&scale=3", "Parameter 'scale' is given more than once.", []),
            ("/appleid/button?border", "Malformed query", []),
            ("/appleid/buttons", "Unknown endpoint '/appleid/buttons'", []),
            ("/appleid/button", "Conflicting formats", ["--format", "svg"]),
        ] as [(String, String, [String])])
    func badRequest(query: String, message: String, extra: [String]) throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["render", query, "-o", tmp("bad.png").path] + extra)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp("bad.png").path))
    }

    @Test("An extension we cannot write is refused unless --format says what to write")
    func unknownExtension() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["render", "/appleid/button", "-o", tmp("b.jpg").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Cannot write '.jpg' files"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp("b.jpg").path))
    }

    /// `render` with `arguments`: status 64, `message`, no fontconfig warning, no output file.
    static func expectUsage(
        _ message: (TemporaryFolder) -> String, _ arguments: (TemporaryFolder) -> [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let tmp = try TemporaryFolder()
        try Data("not a font\n".utf8).write(to: tmp("not-a-font.otf"))
        let result = try Executable.siwa(["render", "/appleid/button"] + arguments(tmp))
        let text = result.output + result.stderr
        #expect(result.status == 64, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains(message(tmp)), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("Fontconfig"), "\(text)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: tmp("u.png").path), sourceLocation: sourceLocation)
    }

    @Test("--font naming no file")
    func missingFont() throws {
        try Self.expectUsage(
            { _ in "Font file '/nonexistent/font.otf' does not exist." },
            { tmp in ["-o", tmp("u.png").path, "--font", "/nonexistent/font.otf"] })
    }

    @Test("--font naming a folder")
    func fontIsFolder() throws {
        try Self.expectUsage(
            { tmp in "--font: '\(tmp.url.path)' is a folder, not a font file." },
            { tmp in ["-o", tmp("u.png").path, "--font", tmp.url.path] })
    }

    @Test("--font naming a file that is not a font")
    func notAFont() throws {
        try Self.expectUsage(
            { tmp in "Cannot load font '\(tmp("not-a-font.otf").path)'" },
            { tmp in ["-o", tmp("u.png").path, "--font", tmp("not-a-font.otf").path] })
    }

    @Test("--fonts-dir naming no folder")
    func fontsDirMissing() throws {
        try Self.expectUsage(
            { tmp in "--fonts-dir: '\(tmp("u.png").path)' is not a folder" },
            { tmp in ["-o", tmp("u.png").path, "--fonts-dir", tmp("u.png").path] })
    }

    @Test("-o with an empty name")
    func emptyOutput() throws {
        try Self.expectUsage({ _ in "give a file name, or '-'" }, { _ in ["-o", ""] })
    }
}
