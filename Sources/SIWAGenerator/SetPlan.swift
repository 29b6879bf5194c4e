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

    init(_ configuration: GeneratorConfiguration, titles: TitleTable, templates: TemplateSet, web: WebFlowSettings?) throws(ConfigurationError) {
        assets = []
        texts = []
        let presets = configuration.presets
        if presets.isEmpty || presets.contains(.web) {
            let root = presets.isEmpty ? "" : "web/"
            let preset: Preset? = presets.isEmpty ? nil : .web
            assets += configuration.assets(extra: web == nil ? [] : configuration.snippetAssets).map {
                Asset(spec: $0.spec, format: $0.format, path: root + $0.path, preset: preset)
            }
            if let web {
                // The snippets sit beside the web layout's images, so their paths stay relative to it.
                texts += SnippetRenderer(templates: templates, titles: titles)
                    .render(button: configuration.snippetButton, web: web,
                            images: configuration.snippetImages(), pageLocale: configuration.locales[0])
                    .files.map { TextFile(path: root + $0.name, text: $0.text, preset: preset) }
                texts += try ElementFiles.load().map { TextFile(path: root + $0.name, text: $0.text, preset: preset) }
            }
        }
        for preset in presets where preset != .web {
            let layout = PresetLayout(preset, configuration: configuration, titles: titles, web: web)
            texts += layout.setFiles
            for variant in configuration.variants {
                let files = layout.files(for: variant)
                assets += files.assets
                texts += files.texts
            }
        }
        texts += Self.strings(configuration, titles: titles)
        assets.sort { $0.path < $1.path }
        try Self.checkNames(assets.map(\.path) + texts.map(\.path) + GalleryPage.paths(configuration) + ["gallery.js", OutputFolder.manifestName],
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
                throw ConfigurationError(field: option, "'\(other)' and '\(path)' would be the same file; "
                    + "ask for fewer sizes or locales in one set, or generate them into separate folders")
            }
            seen[key] = path
        }
    }
}
