import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// `generate --strings`: Apple's titles in each platform's own localization format, each
/// file read back with a standard parser for its format, 37 locales x 3 titles, equal to
/// what the renderer draws (its `TitleTable.label(for:)`), with confidence and source.
@Suite struct TitleStringsTests {
    /// The development language first, then the other 36 (`--locales en_US,all`).
    static let all = [ButtonLocale.default] + ButtonLocale.all.filter { $0 != .default }

    /// What the renderer draws on a centred button of this type and locale.
    static func drawn(_ type: ButtonSpec.Kind, _ locale: ButtonLocale, _ titles: TitleTable) -> String {
        titles.label(for: ButtonSpec(mode: .center, type: type, locale: locale))!
    }

    static func files(_ format: StringsFormat, titles: TitleTable = .standard, presets: Bool = true) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: TitleStrings(locales: all, titles: titles).files(format, presets: presets).map { ($0.path, $0.text) })
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: Xcode String Catalog

    /// The String Catalog's shape, decoded strictly (an unexpected shape fails to decode).
    struct Catalog: Decodable {
        struct Entry: Decodable { var comment: String; var extractionState: String; var localizations: [String: Localization] }
        struct Localization: Decodable { var stringUnit: Unit }
        struct Unit: Decodable { var state: String; var value: String }
        var sourceLanguage: String
        var strings: [String: Entry]
        var version: String
    }

    @Test("String catalog") func stringCatalog() throws {
        let files = Self.files(.xcstrings)
        let text = try #require(files["ios/Localizable.xcstrings"])
        #expect(files.count == 1)
        #expect(Set(try Self.json(text).keys) == ["sourceLanguage", "strings", "version"])
        let catalog = try JSONDecoder().decode(Catalog.self, from: Data(text.utf8))
        #expect(catalog.sourceLanguage == "en" && catalog.version == "1.0")
        #expect(Set(catalog.strings.keys) == ["siwa-sign-in", "siwa-continue", "siwa-sign-up"])
        for type in ButtonSpec.Kind.allCases {
            let entry = try #require(catalog.strings["siwa-" + type.rawValue])
            #expect(entry.extractionState == "manual")
            #expect(entry.localizations.count == 37)
            for locale in ButtonLocale.all {
                let unit = try #require(entry.localizations[PlatformLocale.xcode(locale)]?.stringUnit, "\(locale)")
                #expect(unit.value == Self.drawn(type, locale, .standard), "\(locale) \(type)")
                #expect(unit.state == (Self.confidence(type, locale).hasPrefix("best-knowledge") ? "needs_review" : "translated"))
                #expect(
                    entry.comment.contains(
                        "\(PlatformLocale.xcode(locale)): confidence: \(Self.confidence(type, locale)); source: \(locale.sources)"))
            }
        }
        // As Xcode writes it.
        #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"siwa-continue\" : {\n      \"comment\" : "))
        #expect(text.hasSuffix("  \"version\" : \"1.0\"\n}\n"))
    }

    /// titles.json's confidence of one title ("sign-in / continue / sign-up").
    static func confidence(_ type: ButtonSpec.Kind, _ locale: ButtonLocale) -> String {
        locale.confidence.components(separatedBy: " / ")[ButtonSpec.Kind.allCases.firstIndex(of: type)!]
    }

    // MARK: Android

    /// `<string name>` -> text and the comment before each, as XMLParser reads them.
    final class StringResources: NSObject, XMLParserDelegate {
        var strings: [String: String] = [:]
        var comments: [String: String] = [:]
        private var name: String?
        private var text = ""
        private var lastComment = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if element == "string" { name = attributes["name"]; text = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if name != nil { text += string } }
        func parser(_ parser: XMLParser, foundComment comment: String) { lastComment = comment }
        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "string", let name {
                strings[name] = text
                comments[name] = lastComment
                self.name = nil
            }
        }

        static func parse(_ text: String) throws -> StringResources {
            let reader = StringResources()
            let parser = XMLParser(data: Data(text.utf8))
            parser.delegate = reader
            #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
            return reader
        }
    }

    /// A resource string as Android reads it: its escapes undone.
    static func androidValue(_ raw: String) -> String {
        raw.replacingOccurrences(of: "\\u0020", with: " ").replacing(/\\(.)/) { String($0.output.1) }
    }

    @Test("Android strings") func androidStrings() throws {
        let files = Self.files(.android)
        // The unqualified folder (the first locale) and one per locale, in the drawables' qualifiers.
        #expect(files.count == 38)
        #expect(
            Set(files.keys)
                == Set(
                    ["android/res/values/siwa_strings.xml"]
                        + ButtonLocale.all.map { "android/res/values-\(AndroidPreset.localeQualifier($0))/siwa_strings.xml" }))
        for locale in ButtonLocale.all {
            let text = try #require(files["android/res/values-\(AndroidPreset.localeQualifier(locale))/siwa_strings.xml"])
            let resources = try StringResources.parse(text)
            #expect(resources.strings.count == 3)
            for type in ButtonSpec.Kind.allCases {
                let name = "siwa_" + type.rawValue.replacingOccurrences(of: "-", with: "_")
                #expect(Self.androidValue(resources.strings[name] ?? "") == Self.drawn(type, locale, .standard), "\(locale) \(type)")
                #expect(resources.comments[name]?.contains("confidence: \(Self.confidence(type, locale))") == true)
            }
        }
        #expect(files["android/res/values/siwa_strings.xml"] == files["android/res/values-en-rUS/siwa_strings.xml"])
    }

    // MARK: Flutter

    @Test("ARB files") func arbFiles() throws {
        let files = Self.files(.arb)
        #expect(files.count == 37)
        let names = PlatformLocale.flutter(Self.all)
        #expect(
            names[.default] == "en" && names[ButtonLocale(code: "en_GB")!] == "en_GB" && names[ButtonLocale(code: "pt_BR")!] == "pt"
                && names[ButtonLocale(code: "zh_TW")!] == "zh_TW" && names[ButtonLocale(code: "iw_IL")!] == "he")
        for locale in ButtonLocale.all {
            let name = try #require(names[locale])
            #expect(name.wholeMatch(of: /[a-z]{2}(_[A-Z]{2})?/) != nil)
            let arb = try Self.json(try #require(files["flutter/l10n/app_\(name).arb"], "\(name)"))
            #expect(arb["@@locale"] as? String == name)
            #expect(arb.count == 1 + 3 * 2)
            for (type, key) in zip(ButtonSpec.Kind.allCases, ["siwaSignIn", "siwaContinue", "siwaSignUp"]) {
                #expect(arb[key] as? String == Self.drawn(type, locale, .standard), "\(locale) \(type)")
                let description = try #require((arb["@" + key] as? [String: String])?["description"])
                #expect(description.contains("confidence: \(Self.confidence(type, locale)); source: \(locale.sources)"))
            }
        }
        // gen-l10n wants a file of the language alone for each language with a region.
        let bare = Set(names.values.filter { !$0.contains("_") })
        #expect(names.values.allSatisfy { bare.contains(String($0.prefix(2))) })
        // A set without a language's primary locale names its first one by the language alone.
        #expect(PlatformLocale.flutter([ButtonLocale(code: "en_GB")!, ButtonLocale(code: "fr_CA")!]).values.sorted() == ["en", "fr"])
    }

    // MARK: web

    @Test("Web JSON") func webJSON() throws {
        let files = Self.files(.json)
        let document = try Self.json(try #require(files["web/siwa-titles.json"]))
        #expect(document["defaultLocale"] as? String == "en_US" && document["version"] as? Int == 1)
        let locales = try #require(document["locales"] as? [String: [String: Any]])
        #expect(Set(locales.keys) == Set(ButtonLocale.all.map(\.code)))
        for locale in ButtonLocale.all {
            let entry = try #require(locales[locale.code])
            #expect(entry["language"] as? String == locale.bcp47)
            #expect(entry["direction"] as? String == (locale.isRightToLeft ? "rtl" : "ltr"))
            let titles = try #require(entry["titles"] as? [String: [String: Any]])
            #expect(titles.count == 3)
            for type in ButtonSpec.Kind.allCases {
                let title = try #require(titles[type.rawValue])
                #expect(title["title"] as? String == Self.drawn(type, locale, .standard))
                #expect(title["confidence"] as? String == Self.confidence(type, locale))
                #expect(title["source"] as? String == locale.sources && title["overridden"] as? Bool == false)
            }
        }
    }

    // MARK: --labels

    /// A corrected title is what every format holds, said to be a correction, and one with
    /// every character a format escapes reads back unchanged.
    @Test("Overridden titles") func overriddenTitles() throws {
        let tricky = #"@Tom's "A" & <b>  c\d %s"#
        let titles = try TitleTable(overrides: ["de_DE": ["sign-in": "Mit Apple einloggen"], "en_US": ["continue": tricky]])
        let web = try Self.json(try #require(Self.files(.json, titles: titles)["web/siwa-titles.json"]))
        let german = try #require(((web["locales"] as? [String: Any])?["de_DE"] as? [String: Any])?["titles"] as? [String: [String: Any]])
        #expect(german["sign-in"]?["title"] as? String == "Mit Apple einloggen" && german["sign-in"]?["overridden"] as? Bool == true)
        #expect(german["sign-in"]?["confidence"] as? String == "overridden")
        #expect(german["continue"]?["overridden"] as? Bool == false)

        let catalog = try JSONDecoder().decode(
            Catalog.self, from: Data(Self.files(.xcstrings, titles: titles)["ios/Localizable.xcstrings"]!.utf8))
        #expect(catalog.strings["siwa-sign-in"]?.localizations["de"]?.stringUnit.value == "Mit Apple einloggen")
        #expect(catalog.strings["siwa-continue"]?.localizations["en"]?.stringUnit.value == tricky)
        #expect(catalog.strings["siwa-sign-in"]?.comment.contains("de: confidence: overridden; source: --labels") == true)

        let android = Self.files(.android, titles: titles)
        let en = try StringResources.parse(android["android/res/values-en-rUS/siwa_strings.xml"]!)
        #expect(Self.androidValue(en.strings["siwa_continue"]!) == tricky)
        #expect(en.comments["siwa_continue"]?.contains("confidence: overridden") == true)
        #expect(android["android/res/values-en-rUS/siwa_strings.xml"]!.contains(#"formatted="false""#))

        let arb = try Self.json(Self.files(.arb, titles: titles)["flutter/l10n/app_de.arb"]!)
        #expect(arb["siwaSignIn"] as? String == "Mit Apple einloggen")
        #expect(((arb["@siwaSignIn"] as? [String: String])?["description"])?.contains("confidence: overridden") == true)
    }

    // MARK: the set

    /// With presets each format goes into the preset that holds it, listed in the
    /// manifest with its preset; without, under `strings/`; the count is fileCount's.
    @Test("Strings in the set: in the preset that holds each format, listed in the manifest") func inTheSet() throws {
        var config = PresetTests.configuration([.ios, .web])
        config.modes = [.center]
        config.locales = ["en_US", "de_DE"].map { ButtonLocale(code: $0)! }
        config.strings = StringsFormat.allCases
        config.stringsAll = true
        #expect(config.stringFormats == [.xcstrings, .json])
        let (folder, manifest) = try PresetTests.generated(config)
        let pages = Dictionary(uniqueKeysWithValues: manifest.pages.map { ($0.path, $0.preset) })
        #expect(pages["ios/Localizable.xcstrings"] == "ios" && pages["web/siwa-titles.json"] == "web")
        #expect(!folder.files().contains { $0.contains("strings.xml") || $0.hasSuffix(".arb") })
        let catalog = try JSONDecoder().decode(Catalog.self, from: Data(folder.bytes("ios/Localizable.xcstrings")))
        #expect(catalog.strings["siwa-sign-in"]?.localizations.keys.sorted() == ["de", "en"])

        var plain = config
        plain.presets = []
        plain.formats = [.png]
        plain.scales = [1]
        let root = try TemporaryFolder()
        let report = try generator(plain).generate(into: root.url)
        #expect(Generator.fileCount(plain, snippets: false) == root.files().count)
        #expect(report.manifest.pages.filter { $0.path.hasPrefix("strings/") }.allSatisfy { $0.preset == nil })
        let strings = root.files().filter { $0.hasPrefix("strings/") }
        #expect(
            strings == [
                "strings/Localizable.xcstrings", "strings/android/res/values-de/siwa_strings.xml",
                "strings/android/res/values-en-rUS/siwa_strings.xml", "strings/android/res/values/siwa_strings.xml",
                "strings/flutter/l10n/app_de.arb", "strings/flutter/l10n/app_en.arb", "strings/siwa-titles.json",
            ])
    }

    /// An unknown format, or one no chosen preset holds: one message naming the option.
    @Test("An unknown strings format, or one no chosen preset holds, is refused naming the option") func refused() throws {
        var overrides = ConfigurationOverrides()
        #expect(
            throws: ConfigurationError(
                field: "--strings", "unknown strings format 'po': expected 'xcstrings', 'android', 'arb' or 'json', or 'all' alone",
                source: .strings)
        ) {
            try overrides.setList(.strings, ConfigurationOverrides.commaList("xcstrings,po", flag: "--strings"))
        }
        var config = PresetTests.configuration([.web, .android])
        config.strings = [.xcstrings]
        #expect(throws: ConfigurationError(field: "--strings", "no chosen preset (web, android) holds 'xcstrings': ios does")) {
            try config.checkPresets()
        }
        config.presets = [.reactNative]
        config.strings = StringsFormat.allCases
        config.stringsAll = true
        #expect(throws: ConfigurationError.self) { try config.checkPresets() }
        config.presets = [.android]
        try config.checkPresets()
        #expect(config.stringFormats == [.android])
    }

    /// `--locales en_US,all`: the named locales first, then the rest of Apple's 37.
    @Test("All after named locales") func allAfterNamedLocales() throws {
        var overrides = ConfigurationOverrides()
        try overrides.setList(.locales, ConfigurationOverrides.commaList("en_US,de_DE,all", flag: "--locales"))
        #expect(overrides.locales?.count == 37)
        #expect(overrides.locales?.prefix(3).map(\.code) == ["en_US", "de_DE", "ar_SA"])
    }
}
