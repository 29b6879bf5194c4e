import SIWAButtons

/// Android resources, under `android/res/`:
///
///     drawable/siwa_sign_in_black_en_us.xml            VectorDrawable (only format: any density)
///     drawable-night/siwa_sign_in_black_en_us.xml      its dark-mode look (the HIG's white)
///     drawable-hdpi/siwa_sign_in_black_en_us.png       PNG at 1.5x; mdpi 1x ... xxxhdpi 4x
///     drawable-night-hdpi/...                          dark look at 1.5x
///
/// With PNG and VectorDrawable together the vector goes to `drawable-anydpi-v21/`:
/// Android prefers a density folder matching the device over an unqualified one, so a
/// vector in `drawable/` would never be chosen beside the PNGs; `anydpi` wins over
/// every density on API 21+ (where VectorDrawable exists), the PNGs serve older devices.
///
/// Several locales: the locale leaves the name for the folder (`drawable-de-night-hdpi`:
/// locale, then night mode, then density, Android's qualifier order), and the
/// unqualified folders hold the first locale so no device lacks the resource.
struct AndroidPreset: ButtonByButtonLayout {
    static let preset = Preset.android
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    var configuration: GeneratorConfiguration { context.configuration }

    /// Android's generalised densities and their pixels per point (dp).
    static let densities: [(qualifier: String, scale: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]

    var severalLocales: Bool { configuration.locales.count > 1 }

    /// `siwa_sign_in_black_en_us`: `[a-z0-9_]`, starting with a letter, as resource
    /// names must be (they become Java/Kotlin identifiers, `R.drawable.siwa_...`).
    func resourceName(_ spec: ButtonSpec) -> String {
        let words = AssetNaming.stem(spec, size: configuration.sizes.count > 1, locale: !severalLocales)
        return String(
            words.joined(separator: "_").lowercased().map { c in
                c.isASCII && (c.isLetter || c.isNumber) ? c : "_"
            })
    }

    /// The resource qualifier of one of Apple's locales: the language alone, with the
    /// region (`zh-rCN`, `en-rGB`) where Apple has the language in several regions.
    /// Android's own codes where they differ from ISO 639-1 today: Hebrew `iw` (Apple's
    /// code too) and Indonesian `in`, the codes Java's Locale used until JDK 17 and that
    /// every Android release resolves (AOSP keeps its resources in `values-iw`,
    /// `values-in`); Norwegian is `nb` (Bokmål), as AOSP and devices name it.
    static func localeQualifier(_ locale: ButtonLocale) -> String {
        let language = String(locale.code.prefix(2))
        let android = ["id": "in", "no": "nb", "he": "iw"][language] ?? language
        let regions = ButtonLocale.all.filter { $0.code.hasPrefix(language + "_") }.count
        return regions > 1 ? "\(android)-r\(locale.code.suffix(2))" : android
    }

    func files(for variant: ButtonSpec) -> PresetFiles {
        let name = resourceName(variant)
        var locales = [""]
        if severalLocales && variant.mode != .logo {
            locales = ["-" + Self.localeQualifier(variant.locale)] + (variant.locale == configuration.locales[0] ? [""] : [])
        }
        let dark = SnippetImages.darkTwin(of: variant)
        let looks = [(variant, "")] + (dark == variant ? [] : [(dark, "-night")])
        let vector = context.formats.contains(.vectorDrawable), png = context.formats.contains(.png)
        var out: [Asset] = []
        for locale in locales {
            for (spec, night) in looks {
                if vector {
                    let folder = "drawable\(locale)\(night)" + (png ? "-anydpi-v21" : "")
                    out.append(Asset(spec: spec, format: .vectorDrawable, path: "res/\(folder)/\(name).xml"))
                }
                guard png else { continue }
                for density in Self.densities {
                    out.append(
                        Asset(
                            spec: spec, format: .png, path: "res/drawable\(locale)\(night)-\(density.qualifier)/\(name).png",
                            scale: density.scale))
                }
            }
        }
        return PresetFiles(assets: out)
    }
}
