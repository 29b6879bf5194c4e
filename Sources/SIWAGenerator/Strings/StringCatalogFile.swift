import Foundation
import SIWAButtons

/// `Localizable.xcstrings`: an Xcode String Catalog as Xcode writes one (Xcode 15+):
///
///     { "sourceLanguage" : "en",
///       "strings" : { "siwa-sign-in" : { "comment" : "...", "extractionState" : "manual",
///                                        "localizations" : { "de" : { "stringUnit" : {
///                                            "state" : "translated", "value" : "Mit Apple anmelden" } } } } },
///       "version" : "1.0" }
///
/// Keys `siwa-sign-in`, `siwa-continue`, `siwa-sign-up` (`String(localized: "siwa-sign-in")`),
/// added by hand as far as Xcode knows (`manual`: no source code extracts them). A
/// catalog has one comment per key, so the comment lists each language's confidence and
/// source; the state says it too, in Xcode's words: `translated` for a verified or
/// corroborated title (and a `--labels` one), `needs_review` for a best-knowledge one.
enum StringCatalogFile {
    struct Catalog: Encodable {
        var sourceLanguage: String
        var strings: [String: Entry]
        var version = "1.0"
    }

    struct Entry: Encodable {
        var comment: String
        var extractionState = "manual"
        var localizations: [String: Localization]
    }

    struct Localization: Encodable {
        var stringUnit: StringUnit
    }

    struct StringUnit: Encodable {
        var state: String
        var value: String
    }

    static func key(_ type: ButtonSpec.Kind) -> String { "siwa-" + type.rawValue }

    static func text(_ strings: TitleStrings) -> String {
        var entries: [String: Entry] = [:]
        for (index, type) in ButtonSpec.Kind.allCases.enumerated() {
            var localizations: [String: Localization] = [:]
            var notes: [String] = []
            for locale in strings.locales {
                let title = strings.titles(in: locale)[index]
                let language = PlatformLocale.xcode(locale)
                let settled = title.overridden || !title.confidence.hasPrefix("best-knowledge")
                localizations[language] = Localization(
                    stringUnit: StringUnit(
                        state: settled ? "translated" : "needs_review",
                        value: title.text))
                notes.append("\(language): \(title.note)")
            }
            entries[key(type)] = Entry(
                comment: "Apple's \(type.rawValue) button title (\(type.appleWording)). "
                    + notes.joined(separator: ". "),
                localizations: localizations)
        }
        let catalog = Catalog(sourceLanguage: PlatformLocale.xcode(strings.locales[0]), strings: entries)
        return XcodeJSON.text(catalog)
    }
}

extension ButtonSpec.Kind {
    /// The English title, to say which button a key is for.
    var appleWording: String { ButtonLocale.default.title(self) }
}
