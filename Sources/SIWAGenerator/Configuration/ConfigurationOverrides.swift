import SIWAButtons

/// The values one source (the YAML file or the flags) sets; nil leaves the value as
/// it was. Flags are applied after the file, so a flag wins over the same key there.
package struct ConfigurationOverrides: Sendable, Equatable {
    package var modes: [ButtonSpec.Mode]?
    package var types: [ButtonSpec.Kind]?
    package var styles: [ButtonStyle]?
    package var locales: [ButtonLocale]?
    package var sizes: [ButtonSize]?
    package var scales: [Int]?
    package var formats: [OutputFormat]?
    /// `formats: best` (it stands alone, as `locales: all` does).
    package var formatsBest: Bool?
    package var presets: [Preset]?
    package var naming: Naming?
    package var imagesets: ImagesetNaming?
    package var strings: [StringsFormat]?
    /// `strings: all` (alone, as `formats: best`).
    package var stringsAll: Bool?
    package var clientId: String?
    package var redirectURI: String?
    package var scope: String?
    package var usePopup: Bool?
    package var templates: String?

    package init() {}

    /// The field names, as YAML keys and (with `--`) as flags.
    package static let fields = [
        "modes", "types", "styles", "locales", "sizes", "scales", "formats",
        "presets", "naming", "ios-imagesets", "strings", "client-id", "redirect-uri", "scope", "use-popup", "templates",
    ]

    /// The fields that take a list (`setList`); the others take one value (`setValue`).
    package static let listFields: Set<String> = [
        "modes", "types", "styles", "locales", "sizes", "scales", "formats", "presets", "strings",
    ]

    package func apply(to config: inout GeneratorConfiguration) {
        if let modes { config.modes = modes }
        if let types { config.types = types }
        if let styles { config.styles = styles }
        if let locales { config.locales = locales }
        if let sizes { config.sizes = sizes }
        if let scales { config.scales = scales }
        if let formats {
            config.formats = formats
            config.formatsAskedFor = true
            config.formatsBest = formatsBest ?? false
        }
        if let presets { config.presets = presets }
        if let naming { config.naming = naming }
        if let imagesets { config.imagesets = imagesets }
        if let strings {
            config.strings = strings
            config.stringsAll = stringsAll ?? false
        }
        if let clientId { config.web.clientId = clientId }
        if let redirectURI { config.web.redirectURI = redirectURI }
        if let scope { config.web.scope = scope }
        if let usePopup { config.web.usePopup = usePopup }
        if let templates { config.templates = templates }
    }

    /// Sets a list field from raw strings. `items` pairs each value with the name used
    /// in messages (`types[1]`, `--types`) and where it was written.
    package mutating func setList(
        _ field: String, _ items: [(value: String, label: String, location: String?)],
        fieldLocation: String? = nil
    ) throws(ConfigurationError) {
        guard !items.isEmpty else {
            throw ConfigurationError(field: field, "must list at least one value", location: fieldLocation)
        }
        let allItems = items
        func each<T: Hashable>(
            _ parse: (String) -> Result<T, ConfigurationValues.Message>,
            _ items: ArraySlice<(value: String, label: String, location: String?)>? = nil
        ) throws(ConfigurationError) -> [T] {
            var out: [T] = []
            for item in items ?? ArraySlice(allItems) {
                switch parse(item.value) {
                case .success(let v): if !out.contains(v) { out.append(v) }
                case .failure(let m): throw ConfigurationError(field: item.label, m.text, location: item.location)
                }
            }
            return out
        }
        switch field {
        case "modes": modes = try each(ConfigurationValues.mode)
        case "types": types = try each(ConfigurationValues.type)
        case "styles": styles = try each(ConfigurationValues.style)
        case "formats":
            // `best` stands alone: each preset's best vector with its rasters.
            if items.count == 1 && items[0].value == "best" {
                formats = Preset.allCases.flatMap(\.bestFormats).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
                formatsBest = true
            } else {
                formats = try each(ConfigurationValues.format)
                formatsBest = false
            }
        case "presets": presets = try each(ConfigurationValues.preset)
        case "strings":
            // `all` stands alone: every format, or each chosen preset's own.
            if items.count == 1 && items[0].value == "all" {
                strings = StringsFormat.allCases
                stringsAll = true
            } else {
                strings = try each(ConfigurationValues.stringsFormat)
                stringsAll = false
            }
        case "scales": scales = try each(ConfigurationValues.scale)
        case "sizes": sizes = try each(ConfigurationValues.size)
        case "locales":
            // `all`: every one of Apple's 37 locales, in Apple's order, after those named
            // before it (`en_US,all`: the development language first).
            if items.last?.value == "all" {
                var named = try each(ConfigurationValues.locale, items.dropLast())
                named += ButtonLocale.all.filter { !named.contains($0) }
                locales = named
            } else {
                locales = try each(ConfigurationValues.locale)
            }
        default:
            throw ConfigurationError(field: field, "is not a list field")
        }
    }

    /// Sets a single-value field (`client-id`, `redirect-uri`, `scope`, `use-popup`,
    /// `templates`, `naming`, `ios-imagesets`), checking it at once so the message can say where it was written.
    package mutating func setValue(_ field: String, _ value: String, label: String, location: String? = nil) throws(ConfigurationError) {
        func check(_ problem: String?) throws(ConfigurationError) {
            if let problem { throw ConfigurationError(field: label, problem, location: location) }
        }
        switch field {
        case "client-id":
            try check(WebFlowSettings.checkClientId(value))
            clientId = value
        case "redirect-uri":
            try check(WebFlowSettings.checkRedirectURI(value))
            redirectURI = value
        case "scope":
            try check(WebFlowSettings.checkScope(value))
            scope = value
        case "use-popup":
            switch ConfigurationValues.bool(value) {
            case .success(let b): usePopup = b
            case .failure(let m): try check(m.text)
            }
        case "templates":
            try check(value.isEmpty ? "must not be empty" : nil)
            templates = value
        case "naming":
            switch ConfigurationValues.naming(value) {
            case .success(let n): naming = n
            case .failure(let m): try check(m.text)
            }
        case "ios-imagesets":
            switch ConfigurationValues.imagesets(value) {
            case .success(let n): imagesets = n
            case .failure(let m): try check(m.text)
            }
        default:
            throw ConfigurationError(field: label, "is not a single-value field", location: location)
        }
    }

    /// Splits a flag's `a,b,c` into items labelled with the flag.
    package static func commaList(_ raw: String, flag: String) -> [(value: String, label: String, location: String?)] {
        raw.split(separator: ",", omittingEmptySubsequences: false).map {
            (value: $0.trimmingCharacters(in: " "), label: flag, location: nil)
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
