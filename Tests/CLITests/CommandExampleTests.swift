import Foundation
import SharedTestSupport
import Testing

/// The "Examples:" of `--help` and of the man page are lines to paste: each is one
/// command on one line, not wrapped at 80 columns nor filled and hyphenated by roff
/// (`bor‐der=true`), and each runs as written in a shell.
@Suite struct CommandExampleTests {
    static let commands = ["render", "serve", "generate", "lint"]

    /// Lines that are not run, and why.
    static let notRun: [(prefix: String, reason: String)] = [
        ("siwa-buttons serve ", "starts a server that runs until it is stopped (ServeUsageTests and e2e/ start it)"),
        ("curl ", "asks the server of the line above"),
    ]

    /// The lines under "Examples:" up to the next blank line, without their indentation.
    static func examples(_ text: String) -> [String] {
        var lines: [String] = []
        var inside = false, block = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "Examples:" {
                inside = true
                block = 0
            } else if inside && trimmed.isEmpty {
                if block > 0 { inside = false }  // The man page has a blank line before its display.
            } else if inside {
                lines.append(trimmed)
                block += 1
            }
        }
        return lines
    }

    /// `siwa-buttons COMMAND --help` as an 80-column terminal gets it.
    static func help(_ command: String) throws -> String {
        var environment = Executable.userEnvironment
        environment["COLUMNS"] = "80"
        let result = try Executable.run(Executable.siwaButtons, [command, "--help"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.output
    }

    @Test("Each example of --help is one whole command on one line", arguments: commands)
    func helpExamplesAreWholeLines(command: String) throws {
        let help = try Self.help(command)
        let examples = Self.examples(help)
        #expect(!examples.isEmpty, "\(command) --help has no examples")
        for line in examples {
            #expect(line.hasPrefix("siwa-buttons \(command) ") || line.hasPrefix("curl "), "a wrapped line: \(line)")
            #expect(!line.hasSuffix("\\"), "a continued line: \(line)")
            #expect(help.contains("\n  \(line)\n"), "indented by two spaces, whole: \(line)")
        }
        // Every quote closed on its line.
        for line in examples { #expect(line.filter { $0 == "'" }.count % 2 == 0, "\(line)") }
    }

    /// The tool argument-parser's generate-manual plugin runs (scripts/release.sh runs the
    /// plugin, which builds it beside the products); nil until it has been built.
    static var manualTool: URL? {
        let tool = Executable.productsDirectory.appendingPathComponent("generate-manual")
        return FileManager.default.isExecutableFile(atPath: tool.path) && Executable.tool("man") != nil ? tool : nil
    }

    @Test(
        "The man page shows the same examples, unfilled and unhyphenated",
        .enabled(if: manualTool != nil, "needs generate-manual (built by `swift package plugin generate-manual`) and man"))
    func manPageExamplesAreTheHelpsLines() throws {
        let tool = try #require(Self.manualTool)
        let folder = try TemporaryFolder()
        let made = try Executable.run(tool, [Executable.siwaButtonsFull.path, "--output-directory", folder.url.path])
        #expect(made.status == 0, "\(made.stderr)")
        let page = try #require(folder.files().first { $0.hasSuffix(".1") })
        var environment = Executable.userEnvironment
        environment["MANWIDTH"] = "80"
        let man = try Executable.run(try #require(Executable.tool("man")), ["-l", folder(page).path], environment: environment)
        #expect(man.status == 0, "\(man.stderr)")
        let shown = Self.examples(man.output)
        var expected: [String] = []
        for command in Self.commands { expected += Self.examples(try Self.help(command)) }
        // A line filled by roff would be cut in two (and hyphenated: `bor‐der=true`).
        #expect(shown == expected)
    }

    @Test("Every example of --help runs as written in a shell")
    func examplesRun() throws {
        let bash = try #require(Executable.tool("bash"))
        var environment = Executable.userEnvironment
        environment["PATH"] = Executable.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for command in Self.commands {
            for line in Self.examples(try Self.help(command)) {
                if let skip = Self.notRun.first(where: { line.hasPrefix($0.prefix) }) {
                    print("not run (\(skip.reason)): \(line)")
                    continue
                }
                let folder = try TemporaryFolder()
                // What the examples name as the user's own files.
                try Data("locales: [en_US, de_DE]\nformats: [png]\n".utf8).write(to: folder("buttons.yml"))
                let fixture = try Executable.siwa(["render", "/appleid/button?width=200&scale=2", "-o", folder("my-button@2x.png").path])
                #expect(fixture.status == 0)
                let result = try Executable.run(bash, ["-c", line], in: folder.url, environment: environment)
                // lint's examples show what it finds: status 1 with the findings is their point.
                let findings = command == "lint" && result.status == 1 && result.output.contains("error [")
                #expect(result.status == 0 || findings, "\(line): status \(result.status): \(result.stderr)")
                let written = folder.files().filter { $0 != "buttons.yml" && $0 != "my-button@2x.png" }
                #expect(command == "lint" || !written.isEmpty, "\(line) wrote nothing")
            }
        }
    }
}
