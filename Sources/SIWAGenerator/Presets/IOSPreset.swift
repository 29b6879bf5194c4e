import SIWAButtons

/// An Xcode asset catalog, under `ios/`: one imageset per button, its images carrying
/// their language as Xcode writes a localized imageset (Xcode 11+, "Localize" in the
/// Attributes inspector), so `UIImage(named: "siwa-sign-in-black")` is the button in
/// the app's language and in the system's appearance:
///
///     Buttons.xcassets/Contents.json
///     Buttons.xcassets/siwa-sign-in-black.imageset/Contents.json
///     Buttons.xcassets/siwa-sign-in-black.imageset/siwa-sign-in-black-en_US@2x.png       no "locale": the default
///     Buttons.xcassets/siwa-sign-in-black.imageset/siwa-sign-in-black-en_US-dark@2x.png
///     Buttons.xcassets/siwa-sign-in-black.imageset/siwa-sign-in-black-de_DE@2x.png       "locale" : "de"
///
/// The set's first locale is the development language's: its images fill the
/// imageset's unlocalized slot, which iOS shows in every language the set lacks (as the
/// Android pack's unqualified folders do); each other locale's carry `"locale"` (Xcode's
/// language identifier, `PlatformLocale.xcode`) and the set has `"localizable" : true`.
/// With `--ios-imagesets per-locale` each locale is an imageset of its own instead
/// (`siwa-sign-in-black-de_DE`), not localized.
///
/// 1x, 2x and 3x PNGs, or one PDF kept as a vector (`preserves-vector-representation`)
/// when PDF is asked for; the dark look (the HIG's white, `SnippetImages.darkTwin`) as
/// `luminosity: dark` entries where it differs. The keys are those of Apple's Asset
/// Catalog Format Reference (Image Set Type) and Xcode's `locale`/`localizable`.
struct IOSPreset: ButtonByButtonLayout {
    static let preset = Preset.ios
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    /// An imageset holds PNGs or one PDF, so iOS takes the PDF when both are asked for.
    static func formats(taking held: [OutputFormat]) -> [OutputFormat] {
        held.contains(.pdf) ? [.pdf] : held
    }

    static let catalogPath = "Buttons.xcassets"
    static let rootContents = XcodeJSON.text(Contents(images: nil, properties: nil))

    var configuration: GeneratorConfiguration { context.configuration }
    /// One PDF per look instead of PNGs.
    var vector: Bool { context.formats.contains(.pdf) }
    /// Whether one imageset holds the button in every locale of the set.
    var localized: Bool { configuration.imagesets == .localized }

    var setFiles: [TextFile] { [TextFile(path: Self.catalogPath + "/Contents.json", text: Self.rootContents)] }

    func files(for variant: ButtonSpec) -> PresetFiles {
        let several = configuration.sizes.count > 1
        let perLocale = !localized && variant.mode != .logo
        let name = AssetNaming.stem(variant, size: several, locale: perLocale).joined(separator: "-")
        let folder = "\(Self.catalogPath)/\(name).imageset"
        let looks = images(of: variant, fileStem: AssetNaming.stem(variant, size: several, locale: true).joined(separator: "-"))
        let assets = looks.map {
            Asset(spec: $0.spec, format: vector ? .pdf : .png, path: "\(folder)/\($0.entry.filename)", scale: Double($0.scale))
        }
        // One Contents.json per imageset: written with the first locale's button, listing every locale's images.
        guard perLocale || variant.mode == .logo || variant.locale == configuration.locales[0] else { return PresetFiles(assets: assets) }
        var entries = looks.map(\.entry)
        var properties = Properties(preservesVectorRepresentation: vector ? true : nil)
        if !perLocale && variant.mode != .logo && configuration.locales.count > 1 {
            for locale in configuration.locales.dropFirst() {
                var other = variant
                other.locale = locale
                entries += images(of: other, fileStem: AssetNaming.stem(other, size: several, locale: true).joined(separator: "-"))
                    .map {
                        var entry = $0.entry; entry.locale = PlatformLocale.xcode(locale); return entry
                    }
            }
            properties.localizable = true
        }
        let contents = Contents(images: entries, properties: properties.isEmpty ? nil : properties)
        return PresetFiles(assets: assets, texts: [TextFile(path: "\(folder)/Contents.json", text: XcodeJSON.text(contents))])
    }

    /// A button's images in Xcode's order: scale by scale, each look (light, then dark where it differs).
    private func images(of variant: ButtonSpec, fileStem: String) -> [(spec: ButtonSpec, scale: Int, entry: Image)] {
        let dark = SnippetImages.darkTwin(of: variant)
        let looks: [(spec: ButtonSpec, file: String, appearances: [Appearance]?)] =
            [(variant, fileStem, nil)] + (dark == variant ? [] : [(dark, fileStem + "-dark", [Appearance()])])
        return (vector ? [1] : [1, 2, 3]).flatMap { scale in
            looks.map { look in
                let file = vector ? "\(look.file).pdf" : look.file + (scale == 1 ? "" : "@\(scale)x") + ".png"
                return (look.spec, scale, Image(appearances: look.appearances, filename: file, scale: vector ? nil : "\(scale)x"))
            }
        }
    }

    struct Contents: Codable {
        var images: [Image]?
        var info = Info()
        var properties: Properties?
    }

    struct Info: Codable {
        var author = "xcode"
        var version = 1
    }

    struct Image: Codable {
        var appearances: [Appearance]?
        var filename: String
        var idiom = "universal"
        /// Xcode's language identifier of a localized image; absent for the default.
        var locale: String?
        /// Absent for a single-scale (vector) image.
        var scale: String?
    }

    struct Appearance: Codable, Equatable {
        var appearance = "luminosity"
        var value = "dark"
    }

    struct Properties: Codable {
        var localizable: Bool?
        var preservesVectorRepresentation: Bool?

        var isEmpty: Bool { localizable == nil && preservesVectorRepresentation == nil }

        enum CodingKeys: String, CodingKey {
            case localizable
            case preservesVectorRepresentation = "preserves-vector-representation"
        }
    }
}
