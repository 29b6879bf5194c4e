import Foundation
import SIWAButtons

/// A format Apple's titles are written in (`generate --strings`), for apps that draw
/// their own button: each is its platform's own localization file, and each preset holds
/// its platform's.
package enum StringsFormat: String, CaseIterable, Sendable {
    /// An Xcode String Catalog, `Localizable.xcstrings` (iOS).
    case xcstrings
    /// Android string resources, `res/values-*/siwa_strings.xml`.
    case android
    /// Flutter's Application Resource Bundles, `app_<locale>.arb`.
    case arb
    /// One JSON file for the web (what `GET /api/titles` answers).
    case json

    /// The preset that holds the format.
    package var preset: Preset {
        switch self {
        case .xcstrings: .ios
        case .android: .android
        case .arb: .flutter
        case .json: .web
        }
    }
}

/// Apple's three titles in each locale of a set, as the renderer draws them (its
/// `TitleTable`: `--labels` corrections included, and said to be corrections), with how
/// sure we are of each and where it was seen (`titles.json`'s `confidence` and `sources`).
struct TitleStrings {
    struct Title {
        var type: ButtonSpec.Kind
        var text: String
        /// `verified`, `corroborated`, `best-knowledge` (with titles.json's notes), or
        /// `overridden` for a `--labels` title.
        var confidence: String
        var source: String
        var overridden: Bool

        /// The format-neutral note every format's comment field carries.
        var note: String { "confidence: \(confidence); source: \(source)" }
    }

    /// The set's locales, the first the development language's.
    let locales: [ButtonLocale]
    let titles: TitleTable

    func titles(in locale: ButtonLocale) -> [Title] {
        // titles.json gives one confidence per type, "sign-in / continue / sign-up".
        let confidences = locale.confidence.components(separatedBy: " / ")
        return ButtonSpec.Kind.allCases.enumerated().map { index, type in
            let text = titles.title(type, in: locale)
            if titles.isOverridden(type, in: locale) {
                return Title(
                    type: type, text: text, confidence: "overridden",
                    source: "--labels (built-in title: \(locale.title(type)))", overridden: true)
            }
            let confidence = confidences.count == ButtonSpec.Kind.allCases.count ? confidences[index] : locale.confidence
            return Title(type: type, text: text, confidence: confidence, source: locale.sources, overridden: false)
        }
    }

    /// Where a format's files go: in its preset's folder with presets, under `strings/` without.
    static func folder(_ format: StringsFormat, presets: Bool) -> String {
        switch (format, presets) {
        case (.xcstrings, true): "ios/"
        case (.android, true): "android/res/"
        case (.arb, true): "flutter/l10n/"
        case (.json, true): "web/"
        case (.xcstrings, false): "strings/"
        case (.android, false): "strings/android/res/"
        case (.arb, false): "strings/flutter/l10n/"
        case (.json, false): "strings/"
        }
    }

    /// The files of one format, paths relative to the set.
    func files(_ format: StringsFormat, presets: Bool) -> [(path: String, text: String)] {
        let folder = Self.folder(format, presets: presets)
        switch format {
        case .xcstrings:
            return [(folder + "Localizable.xcstrings", StringCatalogFile.text(self))]
        case .android:
            return AndroidStringsFile.files(self).map { (folder + $0.path, $0.text) }
        case .arb:
            return ARBFile.files(self).map { (folder + $0.path, $0.text) }
        case .json:
            return [(folder + TitlesJSON.fileName, TitlesJSON.text(self))]
        }
    }
}
