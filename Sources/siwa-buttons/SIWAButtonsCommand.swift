import ArgumentParser

struct SIWAButtonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siwa-buttons",
        abstract: "Draws Sign in with Apple buttons (PNG, SVG, PDF) and serves them.",
        subcommands: [RenderCommand.self, ServeCommand.self, GenerateCommand.self, LintCommand.self, SchemaCommand.self]
    )
}
