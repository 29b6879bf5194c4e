/// How a run of text is set, resolved from its locale by the model. The drawing stage
/// sees this, never a locale: which fonts, which language for shaping, which direction,
/// how much tracking and CJK scaling.
public struct TextStyle: Hashable, Sendable {
    /// Font families, first choice first (the pinned fonts' names).
    public var fontFamilies: [String]
    /// ISO 639 language, for shaping (`he`, not Apple's `iw`).
    public var language: String
    /// Right-to-left text (Arabic, Hebrew).
    public var isRightToLeft: Bool
    /// Letter spacing in em.
    public var tracking: Double
    /// Size of CJK glyphs relative to the font size (1: none).
    public var cjkGlyphScale: Double
    /// Kana take the font's proportional alternates (OpenType `palt`), as in Apple's
    /// Japanese titles, plus this letter spacing in em between them (the spacing with
    /// the pinned fonts only); nil: full-width kana.
    public var proportionalKanaTracking: Double?
    /// Latin title in Inter: its first letters sit further from their origin than SF's,
    /// so the centred logo-title gap is narrowed (with the pinned fonts only).
    public var narrowsTitleGap: Bool
    /// Title in the Latin alphabet (not Greek or Cyrillic): set centred, Inter's letters
    /// are tightened to Apple's widths (with the pinned fonts only).
    public var tightensCentredTitle: Bool

    /// A style; by default left-to-right, with no tracking, CJK scaling, kana spacing or Inter corrections.
    public init(
        fontFamilies: [String], language: String, isRightToLeft: Bool = false, tracking: Double = 0,
        cjkGlyphScale: Double = 1, proportionalKanaTracking: Double? = nil, narrowsTitleGap: Bool = false,
        tightensCentredTitle: Bool = false
    ) {
        self.fontFamilies = fontFamilies
        self.language = language
        self.isRightToLeft = isRightToLeft
        self.tracking = tracking
        self.cjkGlyphScale = cjkGlyphScale
        self.proportionalKanaTracking = proportionalKanaTracking
        self.narrowsTitleGap = narrowsTitleGap
        self.tightensCentredTitle = tightensCentredTitle
    }
}

extension ButtonLocale {
    /// How this locale's titles are set.
    public var textStyle: TextStyle {
        TextStyle(
            fontFamilies: fontFamilies, language: language, isRightToLeft: isRightToLeft, tracking: tracking,
            cjkGlyphScale: cjkGlyphScale, proportionalKanaTracking: proportionalKanaTracking,
            narrowsTitleGap: script == .latin, tightensCentredTitle: isLatinAlphabet)
    }
}
