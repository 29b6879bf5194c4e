/// The generator's options, one case each: its name is the YAML key, the flag (with
/// `--`) and the export's query parameter. What the readers (`ConfigurationFile`,
/// `generate`'s flags, the export and snippet queries, the web-flow schema) need to know
/// of a field is here, so a new option is one case and its parsing in
/// `ConfigurationOverrides`.
package enum GeneratorField: String, CaseIterable, Sendable {
    case modes, types, styles, locales, sizes, scales, formats, presets, naming
    case iosImagesets = "ios-imagesets"
    case strings
    case clientId = "client-id"
    case redirectURI = "redirect-uri"
    case scope
    case usePopup = "use-popup"
    case templates

    /// Takes a list (`a,b,c` on the command line and in a query, a YAML sequence);
    /// the others take one value.
    package var isList: Bool {
        switch self {
        case .modes, .types, .styles, .locales, .sizes, .scales, .formats, .presets, .strings: true
        case .naming, .iosImagesets, .clientId, .redirectURI, .scope, .usePopup, .templates: false
        }
    }

    /// The set's layout (presets, naming, imagesets, strings): `generate` answers a bad
    /// value as it answers a bad flag, with the usage status (64); other bad values are
    /// data errors (1).
    package var isLayout: Bool {
        switch self {
        case .presets, .naming, .iosImagesets, .strings: true
        default: false
        }
    }

    /// The longest value, in UTF-8 bytes, where the field has one: checked by
    /// `WebFlowSettings` and stated in the schema the editor reads.
    package var maxBytes: Int? {
        switch self {
        case .clientId: 255
        case .redirectURI: 2048
        default: nil
        }
    }

    /// The command-line flag: `--types`.
    package var flag: String { "--" + rawValue }
}
