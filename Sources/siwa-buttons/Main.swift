import ArgumentParser
import SIWAButtons

/// The entry point. `render` is what scripts and build pipelines call once per button,
/// so its plain form starts fast: `siwa-buttons render REQUEST -o FILE [--format F]`
/// (options in any order) skips swift-argument-parser. Building a command's arguments
/// instantiates generic types whose conformance lookups scan every conformance record
/// of this large binary, which costs more than drawing the button (a third of a
/// render's instructions under callgrind, half of them for RenderCommand alone).
/// Anything else (help, other options, other commands) and any `render` line that
/// fails, before writing anything, for a reason the parser would word (a missing font
/// folder), goes through the root command, so messages and exit codes are unchanged.
@main
enum Main {
    static func main() async {
        if let job = PlainRender(Array(CommandLine.arguments.dropFirst()))?.job {
            do {
                try job.run { locale in
                    let renderer = ButtonRenderer(fonts: try FontLibrary(families: locale.fontFamilies))
                    renderer.fonts.makeProcessDefault()
                    return renderer
                }
                return
            } catch is FontLibrary.LoadError {
                // Reported by the root command's parse, in its words.
            } catch {
                SIWAButtonsCommand.exit(withError: error)
            }
        }
        await SIWAButtonsCommand.main()
    }
}

/// `render REQUEST (-o|--output) FILE [--format png|webp|svg|pdf]`, each once, in any order,
/// and nothing else; nil for any other command line.
struct PlainRender {
    let job: RenderJob

    init?(_ arguments: [String]) {
        guard arguments.first == "render" else { return nil }
        var request: String?, output: String?, format: OutputFormat?
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-o", "--output":
                guard output == nil, let value = rest.popFirst(), !value.isEmpty else { return nil }
                output = value
            case "--format":
                guard format == nil, let value = rest.popFirst(), let chosen = OutputFormat(rawValue: value) else { return nil }
                format = chosen
            default:
                guard request == nil, !argument.hasPrefix("-") else { return nil }
                request = argument
            }
        }
        guard let request, let output else { return nil }
        job = RenderJob(request: request, output: output, format: format)
    }
}
