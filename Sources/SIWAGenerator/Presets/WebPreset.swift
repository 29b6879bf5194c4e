import SIWAButtons

/// Today's layout (`web/`, or the set's root without `--presets`): the matrix in each
/// format, named by `AssetNaming` (raster formats at each scale, vector ones once),
/// and, when client id and redirect URI are known, the Sign in with Apple JS snippets,
/// the images they link and `<apple-signin-button>` beside them.
struct WebPreset: PresetLayout {
    static let preset = Preset.web
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    func files() throws(ConfigurationError) -> PresetFiles {
        let configuration = context.configuration
        var files = PresetFiles(assets: configuration.assets(extra: context.snippets ? configuration.snippetAssets : []))
        if let web = context.web, let templates = context.templates {
            // The snippets sit beside the web layout's images, so their paths stay relative to it.
            files.texts += SnippetRenderer(templates: templates, titles: context.titles)
                .render(
                    button: configuration.snippetButton, web: web,
                    images: configuration.snippetImages(), pageLocale: configuration.locales[0]
                )
                .files.map { TextFile(path: $0.name, text: $0.text) }
            files.texts += try ElementFiles.load().map { TextFile(path: $0.name, text: $0.text) }
        }
        return files
    }

    func fileCount() -> Int {
        let configuration = context.configuration
        let variants = configuration.variants
        let scales = Set(configuration.scales.map(Double.init)), formats = Set(context.formats)
        let perVariant = formats.reduce(0) { $0 + ($1.isRaster ? scales.count : 1) }
        var count = variants.count * perVariant
        if context.snippets {
            // snippet.html, snippet-nojs.html, siwa-init.js, snippet-img.html, siwa-signin.js, the element
            count += 5 + ElementFiles.names().count
            let matrix = Set(variants)
            count +=
                configuration.snippetAssets.filter { asset in
                    !(formats.contains(asset.format) && scales.contains(asset.scale) && matrix.contains(asset.spec))
                }.count
        }
        return count
    }
}
