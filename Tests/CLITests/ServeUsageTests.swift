import Foundation
import Testing

/// `serve`'s limits out of range: one line naming the option, status 64, nothing started.
@Suite struct ServeUsageTests {
    @Test(
        "Out-of-range guards are refused at start",
        arguments: [
            (["--write-timeout", "0"], "--write-timeout must be from 1 to 86400 seconds."),
            (["--write-timeout", "86401"], "--write-timeout must be from 1 to 86400 seconds."),
            (["--output-budget-mb", "0"], "--output-budget-mb must be from 1 to 1048576 (1 TiB)."),
            (["--stall-timeout", "0"], "--stall-timeout must be from 1 to 86400 seconds."),
            (["--drain-seconds=-1"], "--drain-seconds must be from 0 to 3600."),
            (["--drain-seconds", "3601"], "--drain-seconds must be from 0 to 3600."),
            (["--stop-grace", "0"], "--stop-grace must be from 1 to 3600."),
        ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try Executable.siwa(["serve", "--port", "1"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.first?.contains(message) == true, "\(result.stderr)")
    }
}

/// The defaults docs/serve.md states for `serve`'s options are those of
/// `serve --help`: the export limits once said 3,000 files and 64 MiB there while the
/// binary said 10,000 and 256 MiB.
@Suite struct ServeDocumentedDefaultsTests {
    /// `--option` → its default, from `serve --help`'s "(default: N)" (numbers only).
    static func helpDefaults() throws -> [String: String] {
        let result = try Executable.siwa(["serve", "--help"])
        let help = result.output + result.stderr
        var defaults: [String: String] = [:]
        // Options and their help are one entry each; an entry may wrap over lines.
        let entries = help.components(separatedBy: "\n  --").dropFirst()
        for entry in entries {
            let name = "--" + (entry.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).first ?? "")
            guard let range = entry.range(of: "(default: ") else { continue }
            let value = entry[range.upperBound...].prefix { $0 != ")" }
            if Int(value) != nil { defaults[name] = String(value) }
        }
        return defaults
    }

    /// The text in parentheses after the first "`--option` (" of docs/serve.md's
    /// "HTTP service" chapter (its options paragraph, or "Limits" for `--exports`).
    static func documented(_ option: String, in section: String) -> String? {
        var from = section.startIndex
        var rest = Substring()
        repeat {
            guard let name = section.range(of: "`\(option)`", range: from..<section.endIndex) else { return nil }
            rest = section[name.upperBound...].drop { $0 == " " || $0 == "\n" }
            from = name.upperBound
        } while rest.first != "("
        var depth = 1, text = ""
        for character in rest.dropFirst() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { break }
            text.append(character)
        }
        return text
    }

    @Test("Every numeric default of serve --help is the one docs/serve.md states")
    func defaultsMatch() throws {
        let reference = try String(contentsOf: Executable.packageRoot.appendingPathComponent("docs/serve.md"), encoding: .utf8)
        let section = try #require(
            reference.components(separatedBy: "\n## HTTP service\n").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        let defaults = try Self.helpDefaults()
        #expect(defaults.count >= 10, "\(defaults)")
        for (option, value) in defaults.sorted(by: { $0.key < $1.key }) {
            let text = try #require(Self.documented(option, in: section), "\(option) is not in serve.md's serve options")
            // The numbers stated, thousands separators dropped: the default must be one.
            let numbers = text.replacingOccurrences(of: ",", with: "").split { !$0.isNumber }.map(String.init)
            #expect(numbers.contains(value), "\(option): serve --help says \(value), serve.md says (\(text))")
        }
    }
}
