/// One of Apple's 37 button locales: its titles and how its text is set
/// (script, direction, fonts, tracking).
public struct ButtonLocale: Hashable, Sendable, CustomStringConvertible {
    /// Writing systems that need different fonts or metrics.
    public enum Script: Sendable {
        /// Titles in the Latin, Greek or Cyrillic alphabet (every locale not below).
        case latin  // Latin, Greek and Cyrillic: Inter
        /// ar_SA, iw_IL (both right-to-left) and th_TH: Inter, then Noto Sans Arabic, Hebrew or Thai.
        case arabic, hebrew, thai
        /// zh_CN, zh_TW, zh_HK, ja_JP and ko_KR: Inter, then Noto Sans CJK, with CJK glyphs at 0.887 em.
        case chineseSimplified, chineseTraditional, chineseHongKong, japanese, korean

        var isCJK: Bool {
            switch self {
            case .chineseSimplified, .chineseTraditional, .chineseHongKong, .japanese, .korean: true
            default: false
            }
        }
    }

    /// Apple's code, e.g. `en_US`, `iw_IL`.
    public let code: String

    /// The locale of Apple's `code` (`de_DE`); nil when it is not one of the 37.
    public init?(code: String) {
        guard Self.rowIndex[code] != nil else { return nil }
        self.code = code
    }

    /// `en_US`, the default of Apple's `locale` parameter.
    public static let `default` = ButtonLocale(code: "en_US")!
    /// Apple's 37 locales, in the order of `titles.json` (sorted by code).
    public static let all: [ButtonLocale] = LabelTable.rows.map { ButtonLocale(code: $0.locale)! }

    /// Apple's code, as ``code``.
    public var description: String { code }

    private var row: LabelRow { LabelTable.rows[Self.rowIndex[code]!] }

    /// Row of each code in `LabelTable`: parsing looks a locale up on every request.
    private static let rowIndex = Dictionary(uniqueKeysWithValues: LabelTable.rows.enumerated().map { ($1.locale, $0) })

    /// `LabelTable`'s title for a button type, in logical order. What is drawn is the
    /// renderer's `TitleTable`, which may replace it (`--labels`).
    public func title(_ type: ButtonSpec.Kind) -> String {
        switch type {
        case .signIn: row.signIn
        case .continue: row.continue
        case .signUp: row.signUp
        }
    }

    /// A readable English name for pickers, e.g. "Chinese (Simplified)".
    public var name: String { row.name }

    /// How sure we are of each title, sign-in / continue / sign-up (`verified`,
    /// `corroborated` or `best-knowledge`, with notes), as `titles.json` has it.
    public var confidence: String { row.confidence }
    /// Where the titles were seen, as `titles.json` has it (source keys such as `[DUMP]`).
    public var sources: String { row.sources }

    /// ISO 639 language, as Pango and HTML want it (Apple writes Hebrew `iw`).
    public var language: String {
        let lang = String(code.prefix(2))
        return lang == "iw" ? "he" : lang
    }

    /// BCP 47 tag for HTML `lang` attributes, e.g. `en-US`, `he-IL`.
    public var bcp47: String { language + "-" + code.suffix(2) }

    /// Right-to-left titles (ar_SA, iw_IL): the layouts mirror the logo and the title.
    public var isRightToLeft: Bool { script == .arabic || script == .hebrew }

    /// Titles in the Latin alphabet: the `.latin` script less Greek and Cyrillic.
    public var isLatinAlphabet: Bool {
        script == .latin && !["el", "ru", "uk"].contains(language)
    }

    /// The titles' writing system, which picks the fonts and the metrics.
    public var script: Script {
        switch code {
        case "ar_SA": .arabic
        case "iw_IL": .hebrew
        case "th_TH": .thai
        case "zh_CN": .chineseSimplified
        case "zh_TW": .chineseTraditional
        case "zh_HK": .chineseHongKong
        case "ja_JP": .japanese
        case "ko_KR": .korean
        default: .latin
        }
    }

    /// Fonts for the label, first choice first ("Apple" and other Latin text always
    /// comes from Inter). Family names as in the pinned fonts of `Fonts/`.
    public var fontFamilies: [String] {
        switch script {
        case .latin: ["Inter"]
        case .arabic: ["Inter", "Noto Sans Arabic"]
        case .hebrew: ["Inter", "Noto Sans Hebrew"]
        case .thai: ["Inter", "Noto Sans Thai"]
        case .chineseSimplified: ["Inter", "Noto Sans CJK SC"]
        case .chineseTraditional: ["Inter", "Noto Sans CJK TC"]
        case .chineseHongKong: ["Inter", "Noto Sans CJK HK"]
        case .japanese: ["Inter", "Noto Sans CJK JP"]
        case .korean: ["Inter", "Noto Sans CJK KR"]
        }
    }

    /// Size of the CJK glyphs (Han, kana, hangul) relative to the font size; the
    /// Latin "Apple" beside them keeps the full size. Apple's SF composite sets its
    /// CJK fallback at 0.887 em: PingFang in Apple's JS (zh_CN), and Apple's Korean
    /// render (reference I14) shows the same for hangul while its "Apple" is full
    /// size. Noto Sans CJK's ideographs have PingFang's 1 em advance, so they take the
    /// same scale; Apple's Japanese render has our title height and ink at this scale.
    public var cjkGlyphScale: Double {
        script.isCJK ? 0.887 : 1
    }

    /// Apple sets the kana of Japanese titles proportionally (its image service, ja_JP,
    /// spec §3c: kana 19.5-20 px apart at scale 2 where full-width Noto puts them 24-25).
    /// Noto's own `palt` advances leave them 20.75-22.3 px apart; -0.077 em between kana
    /// gives Apple's mean pitch (docs/geometry.md). Only Japanese titles have kana.
    public var proportionalKanaTracking: Double? {
        script == .japanese ? -0.077 : nil
    }

    /// Apple separates the words of Chinese titles with U+2006 (six-per-em space),
    /// not U+0020 (Apple's JS, zh_CN 1.5.6).
    public var wordSpace: Character {
        switch script {
        case .chineseSimplified, .chineseTraditional, .chineseHongKong: "\u{2006}"
        default: " "
        }
    }

    /// A title as Apple sets it: its spaces are the locale's word space. The titles
    /// themselves (alt text, snippets) keep plain spaces.
    public func typeset(_ title: String) -> String {
        wordSpace == " " ? title : String(title.map { $0 == " " ? wordSpace : $0 })
    }

    /// Letter spacing in em: SF's -0.022 em for Latin/Cyrillic, none for CJK, and none
    /// for the cursive or mark-heavy scripts, where tracking breaks the shaping.
    public var tracking: Double {
        script == .latin ? -0.022 : 0
    }
}
