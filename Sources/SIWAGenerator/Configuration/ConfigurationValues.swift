import SIWAButtons

/// Parsing of single configuration values, shared by the YAML file and the flags so
/// both accept exactly the same spellings. A refusal is a `ConfigurationError` without
/// its field, which the caller adds (`ConfigurationError.reason`). Numbers go through `ButtonRequest.set`, the
/// parser's own check: the generator takes the same ranges, with the same messages, as
/// the CLI and HTTP API.
enum ConfigurationValues {
    static func mode(_ raw: String) -> Result<ButtonSpec.Mode, ConfigurationError> {
        choice(raw, ButtonSpec.Mode.self, what: "mode")
    }

    static func type(_ raw: String) -> Result<ButtonSpec.Kind, ConfigurationError> {
        choice(raw, ButtonSpec.Kind.self, what: "type")
    }

    static func style(_ raw: String) -> Result<ButtonStyle, ConfigurationError> {
        choice(raw, ButtonStyle.self, what: "style")
    }

    static func format(_ raw: String) -> Result<OutputFormat, ConfigurationError> {
        choice(raw, OutputFormat.self, what: "format").mapError { .reason($0.message + ", or 'best' alone") }
    }

    static func preset(_ raw: String) -> Result<Preset, ConfigurationError> {
        choice(raw, Preset.self, what: "preset")
    }

    static func naming(_ raw: String) -> Result<Naming, ConfigurationError> {
        choice(raw, Naming.self, what: "naming")
    }

    static func imagesets(_ raw: String) -> Result<ImagesetNaming, ConfigurationError> {
        choice(raw, ImagesetNaming.self, what: "imageset naming")
    }

    static func stringsFormat(_ raw: String) -> Result<StringsFormat, ConfigurationError> {
        choice(raw, StringsFormat.self, what: "strings format").mapError { .reason($0.message + ", or 'all' alone") }
    }

    static func locale(_ raw: String) -> Result<ButtonLocale, ConfigurationError> {
        if let locale = ButtonLocale(code: raw) { return .success(locale) }
        return .failure(
            ConfigurationError.reason(
                "unknown locale '\(WebFlowSettings.shown(raw))': expected 'all' or one of "
                    + ButtonLocale.all.map(\.code).joined(separator: ", ")))
    }

    static func scale(_ raw: String) -> Result<Int, ConfigurationError> {
        checked([(.scale, raw)]).map { $0.scale }
    }

    /// `250x44` or `250x44r50` (radius in percent of the height).
    static func size(_ raw: String) -> Result<ButtonSize, ConfigurationError> {
        let parts = raw.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .failure(sizeSyntax(raw)) }
        let rest = parts[1].split(separator: "r", omittingEmptySubsequences: false)
        guard rest.count <= 2 else { return .failure(sizeSyntax(raw)) }
        let width = String(parts[0]), height = String(rest[0])
        let radius = rest.count == 2 ? String(rest[1]) : String(ButtonSize.defaultRadius)
        guard [width, height, radius].allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) else {
            return .failure(sizeSyntax(raw))
        }
        return size(width: width, height: height, radius: radius)
    }

    /// Width 130-375, height 30-64, radius 0-50: the ranges of Apple's endpoints.
    static func size(width: String, height: String, radius: String) -> Result<ButtonSize, ConfigurationError> {
        checked([(.width, width), (.height, height), (.borderRadius, radius)]).map {
            ButtonSize(width: $0.spec.width, height: $0.spec.height, radius: $0.spec.borderRadius)
        }
    }

    static func bool(_ raw: String) -> Result<Bool, ConfigurationError> {
        switch raw {
        case "true": .success(true)
        case "false": .success(false)
        default: .failure(ConfigurationError.reason("'\(WebFlowSettings.shown(raw))' is not 'true' or 'false'"))
        }
    }

    private static func sizeSyntax(_ raw: String) -> ConfigurationError {
        ConfigurationError.reason(
            "'\(WebFlowSettings.shown(raw))' is not a size: write WIDTHxHEIGHT in points, e.g. 250x44, "
                + "optionally with a corner radius in percent of the height, e.g. 250x44r50")
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ raw: String, _: T.Type, what: String)
        -> Result<T, ConfigurationError> where T.RawValue == String
    {
        if let value = T(rawValue: raw) { return .success(value) }
        let allowed = T.allCases.map { "'\($0.rawValue)'" }
        return .failure(
            ConfigurationError.reason(
                "unknown \(what) '\(WebFlowSettings.shown(raw))': expected "
                    + allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!))
    }

    /// Sets the values on a request for a centre-aligned button (every value checked by the parser's rules).
    private static func checked(_ values: [(Parameter, String)]) -> Result<ButtonRequest, ConfigurationError> {
        var request = ButtonRequest(spec: ButtonSpec(mode: .center))
        do {
            for (parameter, raw) in values { try request.set(parameter, to: raw) }
            return .success(request)
        } catch {
            return .failure(ConfigurationError.reason(error.description))
        }
    }
}
