import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

@Suite("Title overrides (--labels)")
struct TitleTableTests {
    static let de = ButtonLocale(code: "de_DE")!
    static let ca = ButtonLocale(code: "ca_ES")!

    @Test("The standard table is LabelTable's")
    func standard() {
        let table = TitleTable.standard
        #expect(table.isStandard && table.entries.isEmpty && table.canonicalText.isEmpty)
        for locale in ButtonLocale.all {
            for type in ButtonSpec.Kind.allCases {
                #expect(table.title(type, in: locale) == locale.title(type))
                #expect(!table.isOverridden(type, in: locale))
            }
        }
        #expect(table.label(for: ButtonSpec(mode: .logo)) == nil)
        #expect(table.accessibleTitle(for: ButtonSpec(mode: .logo)) == "Sign in with Apple")
    }

    @Test("titles.json: Apple's 37 locales once each, with a name, three titles naming Apple, confidence and sources")
    func titleData() {
        let apple = [
            "ar_SA", "ca_ES", "cs_CZ", "da_DK", "de_DE", "el_GR", "en_GB", "en_US", "es_ES", "es_MX", "fi_FI",
            "fr_CA", "fr_FR", "hr_HR", "hu_HU", "id_ID", "it_IT", "iw_IL", "ja_JP", "ko_KR", "ms_MY", "nl_NL",
            "no_NO", "pl_PL", "pt_BR", "pt_PT", "ro_RO", "ru_RU", "sk_SK", "sv_SE", "th_TH", "tr_TR", "uk_UA",
            "vi_VI", "zh_CN", "zh_HK", "zh_TW",
        ]
        #expect(ButtonLocale.all.map(\.code).sorted() == apple)
        for locale in ButtonLocale.all {
            #expect(!locale.name.isEmpty && !locale.confidence.isEmpty && !locale.sources.isEmpty, "\(locale)")
            for type in ButtonSpec.Kind.allCases {
                #expect(locale.title(type).contains("Apple"), "\(locale) \(type)")
            }
        }
        // Escapes of invisible characters survive the JSON: ru_RU's sign-up has a no-break space.
        #expect(ButtonLocale(code: "ru_RU")!.title(.signUp).hasSuffix("\u{00A0}Apple"))
        #expect(ButtonLocale(code: "zh_CN")!.name == "Chinese (Simplified)")
    }

    @Test("Only the titles given are replaced")
    func replaces() throws {
        let table = try TitleTable(overrides: [
            "de_DE": ["sign-in": "Anmelden mit Apple"],
            "ca_ES": ["continue": "Continueu amb Apple"],
        ])
        #expect(table.title(.signIn, in: Self.de) == "Anmelden mit Apple")
        #expect(table.title(.continue, in: Self.de) == Self.de.title(.continue))
        #expect(table.title(.continue, in: Self.ca) == "Continueu amb Apple")
        #expect(table.title(.signIn, in: .default) == "Sign in with Apple")
        #expect(table.isOverridden(.signIn, in: Self.de) && !table.isOverridden(.signUp, in: Self.de))
        #expect(table.label(for: ButtonSpec(mode: .left, locale: Self.de)) == "Anmelden mit Apple")
        #expect(table.accessibleTitle(for: ButtonSpec(locale: Self.de)) == "Anmelden mit Apple")
        #expect(table.canonicalText == "ca_ES\tcontinue\tContinueu amb Apple\nde_DE\tsign-in\tAnmelden mit Apple\n")
        #expect(table != .standard)
    }

    @Test("The logo-only button's title (en_US sign-in) follows an en_US override")
    func logoTitle() throws {
        let table = try TitleTable(overrides: ["en_US": ["sign-in": "Sign on with Apple"]])
        #expect(table.accessibleTitle(for: ButtonSpec(mode: .logo)) == "Sign on with Apple")
        #expect(table.label(for: ButtonSpec(mode: .logo)) == nil)
    }

    @Test("An override repeating the built-in title changes nothing (same table, same ETags)")
    func noOp() throws {
        let table = try TitleTable(overrides: ["de_DE": ["sign-in": "Mit Apple anmelden"]])
        #expect(table.isStandard && table == .standard && table.canonicalText.isEmpty)
    }

    @Test(
        "Refused: unknown locale or type, empty, several lines, control characters, spaces at the ends, too long",
        arguments: [
            ("de-DE", "sign-in", "Mit Apple", "de-DE: unknown locale: expected one of Apple's 37 locale codes, e.g. en_US"),
            ("de_DE", "signin", "Mit Apple", "de_DE.signin: unknown type: expected sign-in, continue or sign-up"),
            ("de_DE", "sign-in", "", "de_DE.sign-in: title is empty"),
            ("de_DE", "sign-in", "Mit Apple\nanmelden", "de_DE.sign-in: title must be one line: it has a line break (U+000A)"),
            ("de_DE", "sign-in", "Mit Apple\r", "de_DE.sign-in: title must be one line: it has a line break (U+000D)"),
            ("de_DE", "sign-in", "Mit\u{2028}Apple", "de_DE.sign-in: title must be one line: it has a line break (U+2028)"),
            ("de_DE", "sign-in", "Mit\tApple", "de_DE.sign-in: title has a control character (U+0009)"),
            ("de_DE", "sign-in", "Mit\u{7F}Apple", "de_DE.sign-in: title has a control character (U+007F)"),
            ("de_DE", "sign-in", " Mit Apple", "de_DE.sign-in: title starts or ends with a space"),
            ("de_DE", "sign-in", "Mit Apple\u{A0}", "de_DE.sign-in: title starts or ends with a space"),
            ("de_DE", "sign-in", String(repeating: "a", count: 65), "de_DE.sign-in: title is 65 characters long: at most 64"),
        ])
    func refused(locale: String, type: String, title: String, message: String) {
        #expect(throws: TitleOverrideError.self) { try TitleTable(overrides: [locale: [type: title]]) }
        do {
            _ = try TitleTable(overrides: [locale: [type: title]])
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Accepted: 64 characters, inner no-break spaces, bidi marks, combining marks")
    func accepted() throws {
        for title in [String(repeating: "é", count: 64), "Mit\u{A0}Apple", "\u{200F}Apple", "Mit Apple anmelde\u{301}n"] {
            #expect(TitleTable.problem(with: title) == nil, "\(title)")
        }
        #expect(try TitleTable(overrides: ["iw_IL": ["sign-up": "הרשמה עם Apple"]]).entries.count == 1)
    }

    @Test("Rendering draws the override: other PNG bytes, the new SVG <title> and PDF title")
    func render() throws {
        let table = try TitleTable(overrides: [
            "de_DE": ["sign-in": "Anmelden mit Apple"],
            "en_US": ["sign-in": "Sign on with Apple"],
        ])
        let standard = try ButtonRenderer.shared()
        let corrected = standard.with(titles: table)
        #expect(corrected.titles == table && corrected.fonts === standard.fonts)
        let spec = try ButtonRequest.parse("/appleid/button?locale=de_DE&width=200&height=44").spec
        #expect(try corrected.render(spec, format: .png, scale: 1) != standard.render(spec, format: .png, scale: 1))
        let left = try ButtonRequest.parse("/appleid/button/left?locale=de_DE&width=200&height=44").spec
        #expect(try corrected.render(left, format: .png, scale: 1) != standard.render(left, format: .png, scale: 1))
        let svg = String(decoding: try corrected.render(spec, format: .svg, scale: 1), as: UTF8.self)
        #expect(svg.contains("<title>Anmelden mit Apple</title>") && svg.contains("aria-label=\"Anmelden mit Apple\""))
        #expect(!svg.contains("Mit Apple anmelden"))
        let pdf = String(decoding: try corrected.render(ButtonSpec(), format: .pdf, scale: 1), as: UTF8.self)
        #expect(pdf.contains("/Title (Sign on with Apple)"))
        let logo = String(decoding: try corrected.render(ButtonSpec(mode: .logo), format: .svg, scale: 1), as: UTF8.self)
        #expect(logo.contains("<title>Sign on with Apple</title>"))
        // Titles not replaced keep their bytes.
        let other = try ButtonRequest.parse("/appleid/button?locale=de_DE&type=continue").spec
        #expect(try corrected.render(other, format: .png, scale: 1) == standard.render(other, format: .png, scale: 1))
        // The layout measures the new text.
        #expect(corrected.layout(spec).label?.text == "Anmelden mit Apple")
        // The text is typeset as the locale's: Chinese word spaces.
        let zh = try standard.with(titles: TitleTable(overrides: ["zh_CN": ["continue": "通过 Apple 登录"]]))
        #expect(zh.layout(ButtonSpec(type: .continue, locale: ButtonLocale(code: "zh_CN")!)).label?.text == "通过\u{2006}Apple\u{2006}登录")
    }

    @Test("Every built-in title is drawn from its locale's fonts, with no missing glyph")
    func builtInCoverage() throws {
        let renderer = try ButtonRenderer.shared()
        let engine = TextEngine(fonts: renderer.fonts)
        for locale in ButtonLocale.all {
            for type in ButtonSpec.Kind.allCases {
                let sources = engine.glyphSources(locale.typeset(locale.title(type)), style: locale.textStyle)
                #expect(!sources.isEmpty)
                for (scalar, family) in sources {
                    #expect(
                        family.map(locale.fontFamilies.contains) == true,
                        "\(locale.code) \(type.rawValue): '\(scalar)' from \(family ?? "no font")")
                }
            }
        }
    }

    @Test("Glyph problems: characters no font has, and characters only another locale's font has")
    func glyphProblems() throws {
        let renderer = try ButtonRenderer.shared()
        // Letters of other titles of the same locale: the subsets have them.
        let fine = try renderer.with(
            titles: TitleTable(overrides: [
                "de_DE": ["sign-in": "Anmelden mit Apple"],
                "ja_JP": ["continue": "Appleでサインアップ続ける"],
            ]))
        #expect(fine.glyphProblems() == [])

        let missing = try renderer.with(titles: TitleTable(overrides: ["de_DE": ["sign-up": "Mit Apple ☃ registrieren"]]))
        #expect(
            missing.glyphProblems() == [
                TitleGlyphProblem(locale: Self.de, type: .signUp, characters: ["☃"], kind: .missing)
            ])
        #expect(missing.glyphProblems()[0].description == "de_DE.sign-up: the fonts have no glyph for '☃' (U+2603)")
        #expect(missing.glyphProblems()[0].isError)

        // 过 is only in the Simplified Chinese subset: drawn, but from another locale's font.
        let borrowed = try renderer.with(
            titles: TitleTable(overrides: [
                "ja_JP": ["continue": "Appleで过"],
                "de_DE": ["continue": "Mit Apple א"],
            ]))
        let found = borrowed.glyphProblems()
        #expect(found.map(\.locale.code) == ["de_DE", "ja_JP"])
        #expect(found[0].characters == ["א"] && found[0].kind == .otherFont(["Noto Sans Hebrew"]) && !found[0].isError)
        #expect(found[1].characters == ["过"] && found[1].kind == .otherFont(["Noto Sans CJK SC"]))
        #expect(found[0].description == "de_DE.continue: 'א' (U+05D0) drawn with Noto Sans Hebrew, not this locale's font")
    }
}
