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
        subcommands: [
            RenderCommand.self, ServeCommand.self, GenerateCommand.self, LintCommand.self, SchemaCommand.self, CodegenCommand.self,
        ]
    )
}
