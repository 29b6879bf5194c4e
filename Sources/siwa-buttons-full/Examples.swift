import ArgumentParser

/// The "Examples:" block of a command's help: one command per line, to paste as it is.
/// Neither the help nor the man page may break these lines: argument-parser wraps a
/// command's discussion at the terminal's width (80 columns without one), and roff fills
/// and hyphenates the text lines of the man page (`bor‐der=true`). So `--help` gets the
/// lines back after the parser has wrapped them (`literal(in:)`), and the man page gets
/// them inside an mdoc literal display, which is neither filled nor hyphenated.
enum Examples {
    /// True while `--experimental-dump-help` writes what the generate-manual plugin turns
    /// into the man page; set by `main()` before any command's configuration is read.
    nonisolated(unsafe) static var forManual = false

    /// The block for a command's discussion. For the man page the plugin copies the
    /// discussion's lines into mdoc as they are (it escapes a dot only at the start of
    /// the whole text), so the `.Bd`/`.Ed` lines reach mdoc as its display macros;
    /// CommandExampleTests reads the man page the plugin makes and fails if they do not.
    static func block(_ lines: [String]) -> String {
        if forManual {
            return (["Examples:", ".Bd -literal -offset 2n"] + lines + [".Ed"]).joined(separator: "\n")
        }
        return (["Examples:"] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    /// Every command's examples, for `literal(in:)` and the tests.
    static let all: [String: [String]] = [
        RenderCommand.configuration.commandName!: RenderCommand.examples,
        ServeCommand.configuration.commandName!: ServeCommand.examples,
        GenerateCommand.configuration.commandName!: GenerateCommand.examples,
        LintCommand.configuration.commandName!: LintCommand.examples,
    ]

    /// `help` with the command's "Examples:" block, which the parser wrapped, as written.
    static func literal(in help: String, command: String) -> String {
        guard let lines = all[command], let start = help.range(of: "\nExamples:\n") else { return help }
        let end = help.range(of: "\n\n", range: start.upperBound..<help.endIndex)?.lowerBound ?? help.endIndex
        return help.replacingCharacters(in: start.lowerBound..<end, with: "\n" + block(lines))
    }
}
