import Foundation
import SharedTestSupport
import Testing

/// `--labels`: a YAML file correcting titles. Its mistakes are usage errors (status 64)
/// naming file, line, column and `locale.type`.
@Suite struct LabelsOptionTests {
    static let labels = "de_DE:\n  sign-in: Anmelden mit Apple\n"

    @Test(
        "render --labels: the corrected title, and the titles not given stay",
        arguments: [
            ("/appleid/button?locale=de_DE", "<title>Anmelden mit Apple</title>"),
            ("/appleid/button?locale=de_DE&type=continue", "<title>Mit Apple fortfahren</title>"),
        ])
    func renderTitles(query: String, title: String) throws {
        let tmp = try TemporaryFolder()
        try Data(Self.labels.utf8).write(to: tmp("labels.yml"))
        let result = try Executable.siwa(["render", query, "--format", "svg", "-o", "-", "--labels", tmp("labels.yml").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.contains(title))
    }

    @Test("generate --labels: the manifest and the gallery use the corrected title")
    func generateTitles() throws {
        let tmp = try TemporaryFolder()
        try Data(Self.labels.utf8).write(to: tmp("labels.yml"))
        let result = try Executable.siwa([
            "generate", "--out", tmp("labelled").path, "--modes", "center", "--types", "sign-in",
            "--styles", "black", "--locales", "de_DE", "--scales", "1", "--formats", "png",
            "--labels", tmp("labels.yml").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: tmp.bytes("labelled/manifest.json"), as: UTF8.self).contains(#""title" : "Anmelden mit Apple""#))
        #expect(String(decoding: tmp.bytes("labelled/index.html"), as: UTF8.self).contains(#"alt="Anmelden mit Apple""#))
    }

    @Test(
        "A wrong entry: status 64, file:line:column, locale.type and the problem, no file",
        arguments: [
            ("de-DE:\n  sign-in: x\n", "bad-labels.yml:1:1: de-DE: unknown locale"),
            ("de_DE:\n  signin: x\n", "bad-labels.yml:2:3: de_DE.signin: unknown type: expected sign-in, continue or sign-up"),
            ("de_DE:\n  sign-in:\n", "bad-labels.yml:2:11: de_DE.sign-in: title is empty"),
            ("de_DE:\n  sign-in: \"a\\nb\"\n", "de_DE.sign-in: title must be one line"),
            (
                "de_DE:\n  sign-in: Mit Apple ☃\n",
                "de_DE.sign-in: the fonts have no glyph for '☃' (U+2603): it would be drawn as a box"
            ),
        ])
    func badEntry(yaml: String, message: String) throws {
        try RenderBadInputTests.expectUsage(
            { _ in message },
            { tmp in
                try? Data(yaml.utf8).write(to: tmp("bad-labels.yml"))
                return ["-o", tmp("u.png").path, "--labels", tmp("bad-labels.yml").path]
            })
    }

    @Test("render --labels naming no file")
    func renderMissingFile() throws {
        try RenderBadInputTests.expectUsage(
            { tmp in "--labels: no file '\(tmp("none.yml").path)'" },
            { tmp in ["-o", tmp("u.png").path, "--labels", tmp("none.yml").path] })
    }

    @Test("serve and generate --labels naming no file: status 64 before any work", arguments: ["serve", "generate"])
    func otherCommandsMissingFile(command: String) throws {
        let tmp = try TemporaryFolder()
        let arguments = command == "serve" ? ["--port", "1"] : ["--out", tmp("never").path]
        let result = try Executable.siwa([command] + arguments + ["--labels", tmp("none.yml").path], timeout: 120)
        #expect(result.status == 64, "\(result.stderr)")
        #expect((result.output + result.stderr).contains("--labels: no file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp("never").path))
    }

    @Test("A character only another locale's font has: drawn, with a warning naming the font")
    func borrowedFontWarning() throws {
        let tmp = try TemporaryFolder()
        try Data("de_DE:\n  continue: Mit Apple א\n".utf8).write(to: tmp("borrowed.yml"))
        let result = try Executable.siwa(["render", "/appleid/button", "-o", tmp("w.png").path, "--labels", tmp("borrowed.yml").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("Warning: \(tmp("borrowed.yml").path):2:13: de_DE.continue: 'א' (U+05D0) drawn with Noto Sans Hebrew"),
            "\(result.stderr)")
        #expect(pngSize(tmp.bytes("w.png")) != nil)
    }
}
