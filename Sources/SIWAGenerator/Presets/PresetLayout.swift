import SIWAButtons

/// A platform layout of a generated set (`generate --presets NAME`): the files the
/// preset makes, relative to its folder (`android/`, `ios/`, ...; the web layout is the
/// set's root without `--presets`). One type per file in this folder, listed in
/// `PresetRegistry.layouts`. The preset's name, summary and formats stay in the model's
/// `Preset` (the schema publishes them, and SIWAModel cannot see the generator).
protocol PresetLayout {
    /// The preset this lays out.
    static var preset: Preset { get }
    /// Why the preset needs the web-flow settings (client id, redirect URI), if it does:
    /// `checkPresets` refuses the preset without them.
    static var needsWebFlow: String? { get }
    /// Of the formats asked for that the preset holds (in the order asked), those it takes.
    static func formats(taking held: [OutputFormat]) -> [OutputFormat]

    init(_ context: PresetContext)
    /// Every file of the preset, paths relative to its folder.
    func files() throws(ConfigurationError) -> PresetFiles
    /// How many files `files()` makes, counted without holding the set (`Generator.fileCount`).
    func fileCount() -> Int
}

extension PresetLayout {
    static var needsWebFlow: String? { nil }
    static func formats(taking held: [OutputFormat]) -> [OutputFormat] { held }
}

/// What a layout is made with.
struct PresetContext {
    let configuration: GeneratorConfiguration
    /// The formats the preset takes in this set (`GeneratorConfiguration.formats(for:)`).
    let formats: [OutputFormat]
    let titles: TitleTable
    /// Nil without client id and redirect URI.
    let web: WebFlowSettings?
    /// Whether the web layout has its snippets: when `web` is known; when counting, as
    /// `Generator.fileCount` is asked.
    let snippets: Bool
    /// Nil only when counting files (`Generator.fileCount`).
    let templates: TemplateSet?
}

/// A layout's images and text files, paths relative to the preset's folder.
struct PresetFiles {
    var assets: [Asset] = []
    var texts: [TextFile] = []
}

/// A layout that works button by button (every preset but web), so its file count is
/// the sum over the matrix without holding the whole list.
protocol ButtonByButtonLayout: PresetLayout {
    var context: PresetContext { get }
    /// Files written once per set (a catalog's root `Contents.json`, Flutter's pubspec fragment).
    var setFiles: [TextFile] { get }
    /// The images and text files of one button of the matrix.
    func files(for variant: ButtonSpec) -> PresetFiles
}

extension ButtonByButtonLayout {
    var setFiles: [TextFile] { [] }

    func files() -> PresetFiles {
        var all = PresetFiles(texts: setFiles)
        for variant in context.configuration.variants {
            let files = files(for: variant)
            // A dark look (an iOS `-dark`, an Android `-night` image) ships for the light
            // button it replaces in dark mode: the gallery pairs them.
            all.assets += files.assets.map { asset in
                var asset = asset
                if asset.spec != variant { asset.shipsFor = variant }
                return asset
            }
            all.texts += files.texts
        }
        return all
    }

    func fileCount() -> Int {
        context.configuration.variants.reduce(setFiles.count) { count, variant in
            let files = files(for: variant)
            return count + files.assets.count + files.texts.count
        }
    }

    /// The descriptive stem (`siwa-sign-in-black-en_US`), with the size when the set
    /// has several: iOS imagesets, Flutter, React Native and e-mail files.
    func name(_ spec: ButtonSpec) -> String {
        AssetNaming.stem(spec, size: context.configuration.sizes.count > 1, locale: true).joined(separator: "-")
    }
}
