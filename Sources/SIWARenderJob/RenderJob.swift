import SIWAButtons
import SIWAFiles
import SIWALint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `render` does once its arguments are known: parse the request, settle the
/// format, render with the renderer for the request's locale, write the file whole.
/// Shared by the fast `siwa-buttons` binary and `siwa-buttons-full`'s `RenderCommand`.
package struct RenderJob {
    package var request: String
    package var output: String
    package var format: OutputFormat?
    /// Refuse a button that breaks Apple's rules (errors), instead of only printing them.
    package var strict = false

    package init(request: String, output: String, format: OutputFormat?, strict: Bool = false) {
        self.request = request
        self.output = output
        self.format = format
        self.strict = strict
    }

    package func run(renderer: (ButtonLocale) throws -> ButtonRenderer) throws {
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
            StandardError.write("HIG \(finding.severity.rawValue) [\(finding.rule.id)] \(finding.message)\n")
        }
        if strict, findings.contains(where: { $0.severity == .error }) {
            throw CLIError("--strict: the button breaks Apple's rules (above); nothing written.")
        }
        let bytes = try buttons.render(parsed.spec, format: chosen, scale: Double(parsed.scale))
        if output == "-" {
            try StandardOutput.write(bytes)
        } else {
            do {
                // A temporary file renamed over the target: a failed write leaves no file.
                try AtomicFile.write(bytes, to: output)
            } catch let error as FileSystemError {
                throw CLIError(error.message())
            }
        }
    }

    /// `--format`, `format=` in the query and the file extension must agree.
    private func resolveFormat(query: OutputFormat?) throws -> OutputFormat {
        let fromFile = output == "-" ? nil : OutputFormat(fileName: output)
        // An extension we cannot write is a mistake (a PNG in "button.jpg"), unless --format says what to write.
        let ext = URL(filePath: output).pathExtension
        if output != "-", fromFile == nil, format == nil, !ext.isEmpty {
            let known = OutputFormat.allCases.map { ".\($0.fileExtension)" }
            throw CLIError(
                "Cannot write '.\(ext)' files: use \(known.dropLast().joined(separator: ", ")) or \(known.last!), or give --format.")
        }
        let candidates = [format, query, fromFile].compactMap { $0 }
        guard let first = candidates.first else { return .default }
        if let other = candidates.first(where: { $0 != first }) {
            throw CLIError("Conflicting formats: \(first.rawValue) and \(other.rawValue) (from --format, format= or the file extension).")
        }
        return first
    }
}
