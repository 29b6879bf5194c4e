import ArgumentParser
import Foundation
import SIWAButtons
import SIWAFiles
import SIWALint
import SIWARenderJob

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a button against Apple's rules (HIG): a request, or an image of a custom button.",
        discussion: """
            A request is checked as the service would draw it; an image (PNG, WebP or SVG) is measured: size, colours, logo and title ink boxes, title size, margins.
            Exit status: 0 without errors (warnings alone: 0, or 1 with --strict), 1 with errors or an unreadable image, 64 for usage mistakes.

            \(Examples.block(examples))
            """
    )

    static let examples = [
        "siwa-buttons lint '/appleid/button?width=130&height=30'",
        "siwa-buttons lint '/appleid/button?color=black' --background '#ffffff,#1c1c1e' --beside 200x44",
        "siwa-buttons lint my-button@2x.png --scale 2 --annotate findings.png",
    ]

    @Argument(
        help: ArgumentHelp("An endpoint path and query ('/appleid/button?...'), or a PNG, WebP or SVG file.", valueName: "request|image"))
    var subject: String?

    @Option(
        help: ArgumentHelp(
            "Page colour in light appearance and, after a comma, in dark appearance: #RRGGBB, #RGB, black or white.",
            valueName: "color[,dark]"))
    var background: String?

    @Option(
        help: ArgumentHelp("Sizes in points of the other sign-in buttons on the same screen: 200x44,200x44.", valueName: "WxH[,WxH...]"))
    var beside: String?

    @Option(help: ArgumentHelp("Clear space around the button on the page, in points.", valueName: "pt"))
    var margin: String?

    @Option(help: ArgumentHelp("Pixels per point of a PNG or WebP (default: N of an '@Nx' file name, else 1).", valueName: "n"))
    var scale: Double?

    @Option(help: ArgumentHelp("Write the image with the failing measurements drawn on it (PNG; images only).", valueName: "out.png"))
    var annotate: String?

    @Option(
        help: ArgumentHelp(
            "Give up on an image that takes longer than this to read (an SVG's text or filters can take minutes in librsvg).",
            valueName: "seconds"))
    var timeLimit = 20

    @Flag(help: "Print the findings as JSON.")
    var json = false

    @Flag(help: "Exit with status 1 on warnings too.")
    var strict = false

    @Flag(help: "Print the rules checked, as a Markdown table, and exit.")
    var rules = false

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 16) {
            throw CLIError.usage("--scale: give the pixels per point, more than 0 and at most 16.")
        }
        if isRequest {
            if scale != nil { throw CLIError.usage("--scale is for images: a request sets scale= in its query.") }
            if annotate != nil { throw CLIError.usage("--annotate is for images: render the request and lint the PNG.") }
        }
        guard (1...3_600).contains(timeLimit) else { throw CLIError.usage("--time-limit must be from 1 to 3600 seconds.") }
        if let annotate, annotate.isEmpty || URL(fileURLWithPath: annotate).pathExtension.lowercased() != "png" {
            throw CLIError.usage("--annotate: give a .png file name.")
        }
    }

    /// 2 for `button@2x.png` (the generator's and Apple's naming of high-density files).
    static func scale(inFileName path: String) -> Double? {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
            let n = Int(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), (1...16).contains(n)
        else { return nil }
        return Double(n)
    }

    /// `/appleid/...` (or a full URL to it) is a request; anything else names a file.
    private var isRequest: Bool {
        guard let rest = ButtonRequest.withoutHost(subject ?? "") else { return false }
        return rest.hasPrefix("/appleid/") || rest == "/appleid"
    }

    func run() throws {
        if rules {
            try StandardOutput.write(Array(LintRules.markdownTable.utf8))
            return
        }
        // Here, not in validate(): the help text is made from a command without arguments.
        guard let subject else { throw CLIError.usage("give a request ('/appleid/button?...') or a PNG, WebP or SVG file.") }
        let context: LintContext
        do {
            context = try LintContext.parse(background: background, beside: beside, margin: margin)
        } catch {
            // The option, as the flag is spelled: `--background: 'pink' is not a colour ...`.
            throw CLIError.usage("--\(error.parameter ?? ""): \(error.reason)")
        }
        let report: LintReport
        if isRequest {
            let request: ButtonRequest
            do {
                request = try ButtonRequest.parse(subject)
            } catch {
                throw CLIError.usage(error.description)
            }
            report = LintReport(
                request: request,
                findings: RequestLinter(renderer: try fonts.renderer()).findings(request.spec, context: context),
                context: context)
        } else {
            let result: ImageLinter.Result
            // librsvg cannot be interrupted: past the limit the process ends with one line.
            TimeLimit.start(
                seconds: timeLimit,
                message: "Error: '\(subject)' took longer than \(timeLimit) s to read; "
                    + "not linted (see --time-limit).")
            do {
                result = try ImageLinter.lint(path: subject, scale: scale ?? Self.scale(inFileName: subject) ?? 1, context: context)
            } catch {
                throw CLIError("\(error)")
            }
            report = result.report
            if let annotate {
                let png: [UInt8]
                do {
                    png = try Annotator.png(result)
                } catch {
                    throw CLIError("\(error)")
                }
                do {
                    // Whole or not at all, as render's output.
                    try AtomicFile.write(png, to: annotate)
                } catch {
                    throw CLIError.file(error, path: annotate)
                }
            }
        }
        if json {
            try StandardOutput.write(report.json.encoded())
        } else {
            try StandardOutput.write(Array(report.text.utf8))
        }
        if report.errors > 0 || (strict && report.warnings > 0) { throw ExitCode.failure }
    }
}
