import ArgumentParser
import SIWAButtons
import SIWARenderJob

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one button from an endpoint path and query, exactly as the HTTP API takes them.",
        discussion: """
            \(Examples.block(examples))

            Parameters (from the schema: siwa-buttons schema):
            \(ButtonSchema().parameterHelp)
            """
    )

    static let examples = [
        "siwa-buttons render '/appleid/button?color=white&border=true&width=200&height=32&scale=2' -o button.png",
        "siwa-buttons render '/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260' -o left.svg",
        "siwa-buttons render '/appleid/button/logo?size=44&color=black&border_radius=50' -o logo.pdf",
        "siwa-buttons render '/appleid/button?width=250&height=44&scale=2' -o button.webp",
    ]

    @Argument(help: ArgumentHelp("Endpoint path and query, e.g. '/appleid/button?type=continue'.", valueName: "request"))
    var request: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' writes to standard output.", valueName: "file"))
    var output: String

    @Option(
        help:
            "\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: from the output file's extension, .xml for vectordrawable, else png)."
    )
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

extension OutputFormat: ExpressibleByArgument {}
