import ArgumentParser
import Foundation
import SIWAButtons
import SIWAGenerator
import SIWALint

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one button from an endpoint path and query, exactly as the HTTP API takes them.",
        discussion: """
        Examples:
          siwa-buttons render '/appleid/button?color=white&border=true&width=200&height=32&scale=2' -o button.png
          siwa-buttons render '/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260' -o left.svg
          siwa-buttons render '/appleid/button/logo?size=44&color=black&border_radius=50' -o logo.pdf
          siwa-buttons render '/appleid/button?width=250&height=44&scale=2' -o button.webp

        Parameters (from the schema: siwa-buttons schema):
        \(ButtonSchema().parameterHelp)
        """
    )

    @Argument(help: ArgumentHelp("Endpoint path and query, e.g. '/appleid/button?type=continue'.", valueName: "request"))
    var request: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' writes to standard output.", valueName: "file"))
    var output: String

    @Option(help: "\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: from the output file's extension, .xml for vectordrawable, else png).")
    var format: OutputFormat?

    @Flag(help: "Refuse to draw a button that breaks one of Apple's rules (see `siwa-buttons lint`).")
    var strict = false

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        if output.isEmpty { throw ValidationError("-o/--output: give a file name, or '-' for standard output.") }
    }

    func run() throws {
        try RenderJob(request: request, output: output, format: format, strict: strict).run { try fonts.renderer(for: $0) }
    }
}

/// What `render` does once its arguments are known: parse the request, settle the
/// format, render with the renderer for the request's locale, write the file whole.
/// Shared by `RenderCommand` and the fast path of `Main`.
struct RenderJob {
    var request: String
    var output: String
    var format: OutputFormat?
    /// Refuse a button that breaks Apple's rules (errors), instead of only printing them.
    var strict = false

    func run(renderer: (ButtonLocale) throws -> ButtonRenderer) throws {
        let parsed: ButtonRequest
        do {
            parsed = try ButtonRequest.parse(request)
        } catch {
            throw CLIError(error.description)
        }
        let chosen = try resolveFormat(query: parsed.format)
        let buttons = try renderer(parsed.spec.locale)
        // Apple's rules, on standard error: the image is still drawn unless --strict.
        let findings = RequestLinter(renderer: buttons).findings(parsed.spec)
        for finding in findings {
            FileHandle.standardError.write(Data("HIG \(finding.severity.rawValue) [\(finding.rule.id)] \(finding.message)\n".utf8))
        }
        if strict, findings.contains(where: { $0.severity == .error }) {
            throw CLIError("--strict: the button breaks Apple's rules (above); nothing written.")
        }
        let bytes = try buttons.render(parsed.spec, format: chosen)
        if output == "-" {
            try StandardOutput.write(bytes)
        } else {
            do {
                // A temporary file renamed over the target: a failed write leaves no file.
                try AtomicFile.write(bytes, to: output)
            } catch {
                throw CLIError.file(error, path: output)
            }
        }
    }

    /// `--format`, `format=` in the query and the file extension must agree.
    private func resolveFormat(query: OutputFormat?) throws -> OutputFormat {
        let fromFile = output == "-" ? nil : OutputFormat(fileName: output)
        // An extension we cannot write is a mistake (a PNG in "button.jpg"), unless --format says what to write.
        let ext = URL(fileURLWithPath: output).pathExtension
        if output != "-", fromFile == nil, format == nil, !ext.isEmpty {
            let known = OutputFormat.allCases.map { ".\($0.fileExtension)" }
            throw CLIError("Cannot write '.\(ext)' files: use \(known.dropLast().joined(separator: ", ")) or \(known.last!), or give --format.")
        }
        let candidates = [format, query, fromFile].compactMap { $0 }
        guard let first = candidates.first else { return .png }
        if let other = candidates.first(where: { $0 != first }) {
            throw CLIError("Conflicting formats: \(first.rawValue) and \(other.rawValue) (from --format, format= or the file extension).")
        }
        return first
    }
}

extension OutputFormat: ExpressibleByArgument {}
