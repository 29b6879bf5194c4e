import SIWAGenerator

/// `generate --config FILE`: YAML from a user, maybe from someone else. Either a plan
/// whose files stay inside `--out`, or a `ConfigurationError`; never a crash.
enum ConfigurationTarget: FuzzTarget {
    static let name = "config"
    static let summary = "the generator's YAML configuration file: a plan inside --out, or a ConfigurationError"

    static var dictionary: [String] {
        GeneratorField.allCases.map { $0.rawValue + ":" } + RequestTarget.dictionary.filter { !$0.hasSuffix("=") }
            + ["- ", "  ", "\n", "[", "]", "{", "}", ": ", "width:", "height:", "radius:", "&a", "*a", "!!str", "~", "null"]
    }

    static func run(_ input: [UInt8]) -> Bool {
        guard let yaml = String(fuzzInput: input) else { return false }
        let overrides: ConfigurationOverrides
        do {
            overrides = try ConfigurationFile.parse(yaml)
        } catch {
            FuzzFailure.check(!error.message.isEmpty, "\(yaml.debugDescription): an empty configuration error")
            return true
        }
        var configuration = GeneratorConfiguration()
        overrides.apply(to: &configuration)
        // A templates folder is read, not written: the plan below uses the built-in ones.
        configuration.templates = nil
        SetPathCheck.check(configuration, input: yaml)
        return true
    }
}
