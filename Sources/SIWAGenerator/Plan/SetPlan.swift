import SIWAButtons

/// Every file of a set before anything is drawn: the images (sorted by path) and the
/// text files (snippets, catalog `Contents.json`, e-mail fragments), checked for names
/// that would land on one file.
///
/// Without `--presets` this is today's web layout at the root. With presets each has
/// its folder (`web/`, `ios/`, `android/`, `flutter/`, `react-native/`, `email/`) and
/// the gallery and `manifest.json` stay at the root, listing them all.
struct SetPlan {
    var assets: [Asset]
    var texts: [TextFile]

    init(_ configuration: GeneratorConfiguration, titles: TitleTable, templates: TemplateSet, web: WebFlowSettings?)
        throws(ConfigurationError)
    {
        assets = []
        texts = []
        let presets = configuration.presets
        for preset in PresetRegistry.presets(of: configuration) {
            let files = try PresetRegistry.layout(
                preset, of: configuration, titles: titles, web: web, snippets: web != nil,
                templates: templates
            ).files()
            // Without presets the web layout is the set's root and its files belong to no preset.
            let folder = presets.isEmpty ? "" : preset.rawValue + "/", tag = presets.isEmpty ? nil : preset
            assets += files.assets.map {
                var asset = $0; asset.path = folder + asset.path; asset.preset = tag; return asset
            }
            texts += files.texts.map { TextFile(path: folder + $0.path, text: $0.text, preset: tag) }
        }
        texts += Self.strings(configuration, titles: titles)
        assets.sort { $0.path < $1.path }
        try Self.checkNames(
            assets.map(\.path) + texts.map(\.path) + GalleryPage.paths(configuration) + ["gallery.js", OutputFolder.manifestName],
            option: presets.isEmpty ? "--naming" : "--presets")
    }

    /// Apple's titles in the formats asked for (`--strings`), in the presets that hold them.
    static func strings(_ configuration: GeneratorConfiguration, titles: TitleTable) -> [TextFile] {
        let strings = TitleStrings(locales: configuration.locales, titles: titles)
        let presets = !configuration.presets.isEmpty
        return configuration.stringFormats.flatMap { format in
            strings.files(format, presets: presets).map { TextFile(path: $0.path, text: $0.text, preset: presets ? format.preset : nil) }
        }
    }

    /// Two files on one path, also when compared ignoring case (macOS's and Windows'
    /// file systems, and Xcode's asset names, do), would overwrite each other.
    static func checkNames(_ paths: [String], option: String) throws(ConfigurationError) {
        var seen: [String: String] = [:]
        for path in paths {
            let key = path.lowercased()
            if let other = seen[key] {
                throw ConfigurationError(
                    field: option,
                    "'\(other)' and '\(path)' would be the same file; "
                        + "ask for fewer sizes or locales in one set, or generate them into separate folders")
            }
            seen[key] = path
        }
    }
}
