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

    /// Sets a list field from its items, each with the name used in messages (`types[1]`,
    /// `--types`) and where it was written. Errors name `field` as their source.
    package mutating func setList(
        _ field: GeneratorField, _ items: [ConfigurationItem], fieldLocation: String? = nil
    ) throws(ConfigurationError) {
        do {
            try setListItems(field, items, fieldLocation: fieldLocation)
        } catch {
            throw error.of(field)
        }
    }

    private mutating func setListItems(
        _ field: GeneratorField, _ items: [ConfigurationItem], fieldLocation: String?
    ) throws(ConfigurationError) {
        guard !items.isEmpty else {
            throw ConfigurationError(field: field.rawValue, "must list at least one value", location: fieldLocation)
        }
        let allItems = items
        func each<T: Hashable>(
            _ parse: (ConfigurationItem) -> Result<T, ConfigurationError>,
            _ items: ArraySlice<ConfigurationItem>? = nil
        ) throws(ConfigurationError) -> [T] {
            var out: [T] = []
            for item in items ?? ArraySlice(allItems) {
                switch parse(item) {
                case .success(let v): if !out.contains(v) { out.append(v) }
                case .failure(let m): throw ConfigurationError(field: item.label, m.message, location: item.location)
                }
            }
            return out
        }
        switch field {
        case .modes: modes = try each { ConfigurationValues.mode($0.value) }
        case .types: types = try each { ConfigurationValues.type($0.value) }
        case .styles: styles = try each { ConfigurationValues.style($0.value) }
        case .formats:
            // `best` stands alone: each preset's best vector with its rasters.
            if items.count == 1 && items[0].value == "best" {
                formats = Preset.allCases.flatMap(\.bestFormats).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
                formatsBest = true
            } else {
                formats = try each { ConfigurationValues.format($0.value) }
                formatsBest = false
            }
        case .presets: presets = try each { ConfigurationValues.preset($0.value) }
        case .strings:
            // `all` stands alone: every format, or each chosen preset's own.
            if items.count == 1 && items[0].value == "all" {
                strings = StringsFormat.allCases
                stringsAll = true
            } else {
                strings = try each { ConfigurationValues.stringsFormat($0.value) }
                stringsAll = false
            }
        case .scales: scales = try each { ConfigurationValues.scale($0.value) }
        // A YAML mapping arrives as a size already; text is parsed.
        case .sizes: sizes = try each { $0.size.map { .success($0) } ?? ConfigurationValues.size($0.value) }
        case .locales:
            // `all`: every one of Apple's 37 locales, in Apple's order, after those named
            // before it (`en_US,all`: the development language first).
            if items.last?.value == "all" {
                var named = try each({ ConfigurationValues.locale($0.value) }, items.dropLast())
                named += ButtonLocale.all.filter { !named.contains($0) }
                locales = named
            } else {
                locales = try each { ConfigurationValues.locale($0.value) }
            }
        case .naming, .iosImagesets, .clientId, .redirectURI, .scope, .usePopup, .templates:
            throw ConfigurationError(field: field.rawValue, "is not a list field")
        }
    }

    /// Sets a single-value field (`client-id`, `redirect-uri`, `scope`, `use-popup`,
    /// `templates`, `naming`, `ios-imagesets`), checking it at once so the message can say where it was written.
    package mutating func setValue(_ field: GeneratorField, _ value: String, label: String, location: String? = nil)
        throws(ConfigurationError)
    {
        func check(_ problem: String?) throws(ConfigurationError) {
            if let problem { throw ConfigurationError(field: label, problem, location: location, source: field) }
        }
        switch field {
        case .clientId:
            try check(WebFlowSettings.checkClientId(value))
            clientId = value
        case .redirectURI:
            try check(WebFlowSettings.checkRedirectURI(value))
            redirectURI = value
        case .scope:
            try check(WebFlowSettings.checkScope(value))
            scope = value
        case .usePopup:
            switch ConfigurationValues.bool(value) {
            case .success(let b): usePopup = b
            case .failure(let m): try check(m.message)
            }
        case .templates:
            try check(value.isEmpty ? "must not be empty" : nil)
            templates = value
        case .naming:
            switch ConfigurationValues.naming(value) {
            case .success(let n): naming = n
            case .failure(let m): try check(m.message)
            }
        case .iosImagesets:
            switch ConfigurationValues.imagesets(value) {
            case .success(let n): imagesets = n
            case .failure(let m): try check(m.message)
            }
        case .modes, .types, .styles, .locales, .sizes, .scales, .formats, .presets, .strings:
            throw ConfigurationError(field: label, "is not a single-value field", location: location, source: field)
        }
    }

    /// Splits a flag's `a,b,c` into items labelled with the flag.
    package static func commaList(_ raw: String, flag: String) -> [ConfigurationItem] {
        raw.split(separator: ",", omittingEmptySubsequences: false).map {
            ConfigurationItem($0.trimmingCharacters(in: " "), label: flag)
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
