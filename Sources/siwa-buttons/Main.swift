import ArgumentParser

/// The entry point. `render` is what scripts and build pipelines call once per button,
/// so it starts fast: a plain `siwa-buttons render REQUEST -o FILE` is parsed by
/// `RenderCommand` alone. Parsing through the root command builds every subcommand's
/// arguments and looks up their types' conformances, which in this large binary costs
/// more than drawing the button. Anything else, and any `render` line that does not
/// parse (so errors and usage read exactly as before), goes through the root command.
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == RenderCommand.configuration.commandName,
           !arguments.contains(where: { $0 == "-h" || $0 == "--help" || $0.hasPrefix("--generate-completion") || $0 == "help" }),
           let command = try? RenderCommand.parse(Array(arguments.dropFirst())) {
            do {
                try command.run()
                return
            } catch {
                SIWAButtonsCommand.exit(withError: error)
            }
        }
        await SIWAButtonsCommand.main()
    }
}
