import SIWAButtons
import SIWAGenerator

/// What a configuration from outside may make of the output folder: files inside it,
/// by plain relative paths, as many as counted before listing them.
enum SetPathCheck {
    /// Larger sets are refused by their lower bound before they are planned (the export
    /// does the same), and planning one takes longer than a fuzz input should.
    static let largest = 2_000

    static func check(_ configuration: GeneratorConfiguration, input: String) {
        let titled =
            configuration.modes.filter { $0 != .logo }.count * configuration.types.count
            * configuration.styles.count * configuration.locales.count * configuration.sizes.count
            * max(1, configuration.presets.count) * max(1, configuration.scales.count)
        guard titled <= largest else { return }
        let generator = Generator(configuration: configuration, renderer: RequestTarget.renderer, templates: templates)
        let paths: [String]
        do {
            paths = try generator.plannedPaths()
        } catch {
            FuzzFailure.check(!error.message.isEmpty, "\(input.debugDescription): an empty configuration error")
            return
        }
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            FuzzFailure.check(
                !path.hasPrefix("/") && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
                    && !path.unicodeScalars.contains { $0.value < 0x20 || $0 == "\\" },
                "\(input.debugDescription): the set would write '\(path.debugDescription)', outside or beside its folder")
        }
        FuzzFailure.check(Set(paths).count == paths.count, "\(input.debugDescription): a path planned twice")
        let web = (try? configuration.web.settings()) != nil
        let counted = Generator.fileCount(configuration, snippets: web)
        FuzzFailure.check(
            counted == paths.count, "\(input.debugDescription): \(counted) files counted, \(paths.count) planned")
    }

    static let templates: TemplateSet = {
        do { return try TemplateSet.load() } catch { fatalError("no templates: \(error)") }
    }()
}
