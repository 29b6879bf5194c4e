import ArgumentParser
import SIWAButtons

/// The whole command line. `siwa-buttons` (Sources/siwa-buttons) draws a plain `render`
/// line itself and hands every other line to this binary, `siwa-buttons-full`.
@main
struct SIWAButtonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siwa-buttons",
        abstract: "Draws Sign in with Apple buttons (PNG, WebP, SVG, PDF, Android VectorDrawable) and serves them.",
        version: PackageVersion.current,
        subcommands: [RenderCommand.self, ServeCommand.self, GenerateCommand.self, LintCommand.self, SchemaCommand.self]
    )

    /// The parser's own `main(_:)`, after what it lacks: `-v` and `version`
    /// print the version as `--version` does, a mistyped command gets a "did you mean"
    /// as a mistyped option does, and a command's examples are printed unwrapped.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        Examples.forManual = arguments.contains("--experimental-dump-help")
        if arguments == ["-v"] || arguments == ["version"] {
            print(PackageVersion.current)
            return
        }
        if let first = arguments.first, let message = unknownCommand(first) {
            exit(withError: ValidationError(message))
        }
        if let command = helpRequest(arguments) {
            let help = Examples.literal(in: helpMessage(for: command), command: command.configuration.commandName ?? "")
            print(help.hasSuffix("\n") ? String(help.dropLast()) : help)
            return
        }
        await main(nil)
    }

    /// The subcommand whose help `arguments` ask for (`render --help`, `render -h`,
    /// `help render`); nil for anything else, which the parser answers itself.
    static func helpRequest(_ arguments: [String]) -> (any ParsableCommand.Type)? {
        guard let first = arguments.first else { return nil }
        let name = first == "help" && arguments.count == 2 ? arguments[1] : first
        guard first == "help" || arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
        return configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// The names a first argument may be: the subcommands and the parser's `help`.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The message for a first argument that is neither an option nor a command (nil
    /// otherwise): the nearest command by edit distance, when one is near enough.
    static func unknownCommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), !commandNames.contains(word) else { return nil }
        let nearest = commandNames.map { (name: $0, distance: editDistance(word.lowercased(), $0)) }
            .min { $0.distance < $1.distance }
        let hint =
            if let nearest, nearest.distance <= max(1, nearest.name.count / 3) || nearest.name.hasPrefix(word.lowercased()) {
                " Did you mean '\(nearest.name)'?"
            } else {
                " The commands: \(commandNames.dropLast().joined(separator: ", "))."
            }
        return "Unknown command '\(word)'.\(hint)"
    }

    /// Levenshtein distance, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
