import SIWAButtons
import SIWAGenerator

/// `generate --labels FILE`: titles of a user's own in YAML. Either titles that lay out
/// inside their buttons in every layout, or a `ConfigurationError`; never a crash.
enum LabelsTarget: FuzzTarget {
    static let name = "labels"
    static let summary = "the generator's YAML labels file: titles that lay out inside the button, or a ConfigurationError"

    static var dictionary: [String] {
        ButtonLocale.all.map { $0.code + ":" } + ButtonSpec.Kind.allCases.map { $0.rawValue + ":" }
            + ["- ", "  ", "\n", "{", "}", ": ", "\"", "\u{200F}", "\u{0301}", "\u{FEFF}", "&a", "*a", "~"]
    }

    /// The narrowest button the grammar allows: a long title must shrink to fit it.
    static let narrowest = ButtonSchema().parameters.first { $0.name == "width" }?.minimum

    static func run(_ input: [UInt8]) -> Bool {
        guard let yaml = String(fuzzInput: input) else { return false }
        let file: LabelsFile
        do {
            file = try LabelsFile.parse(yaml)
        } catch {
            FuzzFailure.check(!error.message.isEmpty, "\(yaml.debugDescription): an empty configuration error")
            return true
        }
        let renderer = ButtonRenderer(fonts: RequestTarget.renderer.fonts, titles: file.titles)
        for locale in ButtonLocale.all {
            for type in ButtonSpec.Kind.allCases where file.titles.isOverridden(type, in: locale) {
                for mode in [ButtonSpec.Mode.center, .left] {
                    for width in [narrowest, nil] {
                        let spec = ButtonSpec(mode: mode, type: type, locale: locale, width: width)
                        ButtonLayoutCheck.inside(renderer.layout(spec), of: spec, target: yaml.debugDescription)
                    }
                }
            }
        }
        return true
    }
}
