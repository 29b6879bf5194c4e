import Foundation
import SIWAButtons

/// Apple's titles as one JSON document for the web (`siwa-titles.json`, and what
/// `GET /api/titles` answers):
///
///     { "defaultLocale" : "en_US",
///       "locales" : { "de_DE" : { "direction" : "ltr", "language" : "de-DE", "name" : "German",
///                                 "titles" : { "sign-in" : { "confidence" : "verified", "overridden" : false,
///                                                            "source" : "...", "title" : "Mit Apple anmelden" }, ... } } },
///       "version" : 1 }
///
/// Locales by Apple's code (as `locale=` takes them), `language` for `lang`, titles by
/// type as the image endpoints' `type=` names them.
package enum TitlesJSON {
    package static let fileName = "siwa-titles.json"

    struct Document: Encodable {
        var defaultLocale: String
        var locales: [String: LocaleEntry]
        var version = 1
    }

    struct LocaleEntry: Encodable {
        var direction: String
        var language: String
        var name: String
        var titles: [String: Title]
    }

    struct Title: Encodable {
        var confidence: String
        var overridden: Bool
        var source: String
        var title: String
    }

    /// The document for these locales (the first the default) and titles.
    package static func text(locales: [ButtonLocale], titles: TitleTable) -> String {
        text(TitleStrings(locales: locales, titles: titles))
    }

    static func text(_ strings: TitleStrings) -> String {
        var locales: [String: LocaleEntry] = [:]
        for locale in strings.locales {
            var byType: [String: Title] = [:]
            for title in strings.titles(in: locale) {
                byType[title.type.rawValue] = Title(
                    confidence: title.confidence, overridden: title.overridden,
                    source: title.source, title: title.text)
            }
            locales[locale.code] = LocaleEntry(
                direction: locale.isRightToLeft ? "rtl" : "ltr", language: locale.bcp47,
                name: locale.name, titles: byType)
        }
        return XcodeJSON.text(Document(defaultLocale: strings.locales[0].code, locales: locales))
    }
}
