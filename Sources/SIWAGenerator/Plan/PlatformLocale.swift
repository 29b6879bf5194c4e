import SIWAButtons

/// How each platform names one of Apple's 37 button locales (Apple's own codes are
/// Java's: `iw_IL`, `no_NO`, `vi_VI`). Android's is `AndroidPreset.localeQualifier`.
enum PlatformLocale {
    /// The language of a locale where Apple's code differs from what the platforms use
    /// today: Hebrew `he` (Apple writes `iw`), Norwegian Bokmål `nb` (Apple: `no`).
    private static func language(_ locale: ButtonLocale) -> String {
        let code = String(locale.code.prefix(2))
        return ["iw": "he", "no": "nb"][code] ?? code
    }

    /// The locale of a language that the language alone names where Apple has it in
    /// several regions (as Apple's own `en`, `es`, `fr`, `pt`, `zh` fall back).
    private static let primary: Set<String> = ["en_US", "es_ES", "fr_FR", "pt_BR", "zh_CN"]

    /// Regions Apple has the language in, so whether the region must be named.
    private static func hasRegions(_ locale: ButtonLocale) -> Bool {
        ButtonLocale.all.filter { $0.code.prefix(3) == locale.code.prefix(3) }.count > 1
    }

    /// Xcode's localization identifier, as an asset catalog's `locale` and a String
    /// Catalog's languages name it (the names of Xcode's language list): `en`, `en-GB`,
    /// `es-MX`, `fr-CA`, `he`, `nb`, `pt-BR`, `pt-PT`, `zh-Hans`, `zh-Hant`, `zh-HK`.
    static func xcode(_ locale: ButtonLocale) -> String {
        switch locale.code {
        case "zh_CN": return "zh-Hans"
        case "zh_TW": return "zh-Hant"
        case "pt_BR", "pt_PT": return "pt-" + locale.code.suffix(2)
        default:
            let region = hasRegions(locale) && !primary.contains(locale.code) ? "-" + locale.code.suffix(2) : ""
            return language(locale) + region
        }
    }

    /// Flutter's locale names (`@@locale`, `app_<name>.arb`) for the locales of a set:
    /// the language alone where it is the set's only locale of that language, or its
    /// primary one (Flutter's `gen-l10n` refuses `en_GB` without an `en` to fall back
    /// to), else language and region: `en`, `en_GB`, `pt`, `pt_PT`, `zh`, `zh_TW`, `zh_HK`.
    /// Dart's `Locale` names Hebrew `he`, as the rest of the platforms do now.
    static func flutter(_ locales: [ButtonLocale]) -> [ButtonLocale: String] {
        var names: [ButtonLocale: String] = [:]
        let byLanguage = Dictionary(grouping: locales) { $0.code.prefix(2) }
        for locale in locales {
            let siblings = byLanguage[locale.code.prefix(2)]!
            let base = siblings.first { primary.contains($0.code) } ?? siblings[0]
            names[locale] = language(locale) + (locale == base ? "" : "_" + locale.code.suffix(2))
        }
        return names
    }
}
