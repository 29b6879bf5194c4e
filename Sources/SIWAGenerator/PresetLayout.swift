import SIWAButtons

/// A text file of the set other than the gallery (a snippet, an asset catalog's `Contents.json`, an e-mail
/// fragment), listed with the pages in `manifest.json`. `preset` is nil without `--presets`.
public struct TextFile: Hashable, Sendable {
    public var path: String
    public var text: String
    public var preset: Preset?

    public var bytes: [UInt8] { Array(text.utf8) }
}

/// The files one platform layout makes of a button of the matrix, under the preset's
/// folder (`android/`, `ios/`, ...). Each layout works button by button, so the file
/// count is the sum over the matrix without holding the whole list (`Generator.fileCount`).
struct PresetLayout {
    let preset: Preset
    let configuration: GeneratorConfiguration
    let formats: [OutputFormat]
    let titles: TitleTable
    let web: WebFlowSettings?

    init(_ preset: Preset, configuration: GeneratorConfiguration, titles: TitleTable, web: WebFlowSettings?) {
        self.preset = preset
        self.configuration = configuration
        formats = configuration.formats(for: preset)
        self.titles = titles
        self.web = web
    }

    var folder: String { preset.rawValue + "/" }

    /// Files written once per set (a catalog's root `Contents.json`, Flutter's pubspec fragment).
    var setFiles: [TextFile] {
        switch preset {
        case .ios: [text(AssetCatalogLayout.catalogPath + "/Contents.json", AssetCatalogLayout.rootContents)]
        case .flutter: [text("pubspec-fragment.yaml", FlutterLayout.pubspecFragment)]
        default: []
        }
    }

    /// The images and text files of one button (at 1x) of the matrix.
    func files(for variant: ButtonSpec) -> (assets: [Asset], texts: [TextFile]) {
        let placed: (assets: [Asset], texts: [(String, String)])
        switch preset {
        case .web:
            preconditionFailure("the web layout is the matrix's own (GeneratorConfiguration.assets)")
        case .android:
            placed = (AndroidLayout(configuration: configuration, formats: formats).assets(for: variant), [])
        case .ios:
            placed = AssetCatalogLayout(configuration: configuration, vector: formats.contains(.pdf)).files(for: variant)
        case .flutter:
            placed = (FlutterLayout.assets(for: variant, naming: name(variant)), [])
        case .reactNative:
            placed = ([1, 2, 3].map { scale in
                asset(variant, .png, scale: scale, path: name(variant) + (scale == 1 ? "" : "@\(scale)x") + ".png")
            }, [])
        case .email:
            let image = asset(variant, .png, scale: 2, path: name(variant) + "@2x.png")
            let html = EmailFragment.html(for: variant, image: image.path,
                                          title: titles.accessibleTitle(for: variant), web: web)
            placed = ([image], [(name(variant) + ".html", html)])
        }
        return (placed.assets.map { asset in
                    var a = asset
                    a.path = folder + a.path
                    a.preset = preset
                    var button = a.spec
                    button.scale = 1
                    if button != variant { a.shipsFor = variant }
                    return a
                },
                placed.texts.map { text($0.0, $0.1) })
    }

    /// The descriptive stem (`siwa-sign-in-black-en_US`), with the size when the set
    /// has several: iOS imagesets, Flutter, React Native and e-mail files.
    func name(_ spec: ButtonSpec) -> String {
        AssetNaming.stem(spec, size: configuration.sizes.count > 1, locale: true).joined(separator: "-")
    }

    private func asset(_ spec: ButtonSpec, _ format: OutputFormat, scale: Int, path: String) -> Asset {
        var scaled = spec
        scaled.scale = scale
        return Asset(spec: scaled, format: format, path: path)
    }

    private func text(_ path: String, _ contents: String) -> TextFile {
        TextFile(path: folder + path, text: contents, preset: preset)
    }
}

/// Flutter's resolution-aware assets: `assets/siwa/NAME.png` at 1x, and the same
/// name in `2.0x/` and `3.0x/` beside it, which Flutter picks by device pixel ratio.
enum FlutterLayout {
    static let folder = "assets/siwa"

    static func assets(for variant: ButtonSpec, naming name: String) -> [Asset] {
        [(1, ""), (2, "2.0x/"), (3, "3.0x/")].map { scale, variantFolder in
            var spec = variant
            spec.scale = scale
            return Asset(spec: spec, format: .png, path: "\(folder)/\(variantFolder)\(name).png")
        }
    }

    /// Listing the folder takes in its variant folders too.
    static let pubspecFragment = """
        # Copy assets/ into your app and merge this into its pubspec.yaml; then
        # Image.asset('assets/siwa/NAME.png') picks the 2.0x/ or 3.0x/ file by itself.
        flutter:
          assets:
            - assets/siwa/

        """
}
