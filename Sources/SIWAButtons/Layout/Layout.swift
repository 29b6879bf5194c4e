/// Computes a button's geometry in points from its spec. Pure: no Cairo, no Pango
/// (text widths come from a `TextMeasuring`).
public enum Layout {
    public static func layout(_ spec: ButtonSpec, measurer: some TextMeasuring) -> ButtonLayout {
        let w = Double(spec.width), h = Double(spec.height)
        let foreground: Ink = spec.color == .black ? .white : .black
        var result = ButtonLayout(width: w, height: h, shapes: shapes(spec), logo: Rect(x: 0, y: 0, width: 0, height: 0),
                                  label: nil, foreground: foreground)
        switch spec.mode {
        case .logo:
            result.logo = LogoOnlyLayout.logo(side: w)
        case .center:
            (result.logo, result.label) = CenterLayout.place(spec, measurer: measurer)
        case .left:
            (result.logo, result.label) = LeftLayout.place(spec, measurer: measurer)
        }
        return result
    }

    /// Background and border. Apple's pixels: radius = border_radius% of the height; a
    /// bordered white button is a 0.5 pt transparent ring, a 1 pt black stroke, then the
    /// white face. Black buttons never show a border.
    static func shapes(_ spec: ButtonSpec) -> [ButtonLayout.Shape] {
        let bounds = Rect(x: 0, y: 0, width: Double(spec.width), height: Double(spec.height))
        let radius = Double(spec.borderRadius) / 100 * bounds.height
        func shape(inset: Double, _ fill: Ink) -> ButtonLayout.Shape {
            .init(outline: RoundedRect(rect: bounds.insetBy(inset), radius: radius - inset), fill: fill)
        }
        if spec.border && spec.color == .white {
            return [shape(inset: ringWidth, .black), shape(inset: ringWidth + strokeWidth, .white)]
        }
        return [shape(inset: 0, spec.color == .black ? .black : .white)]
    }

    static let ringWidth = 0.5
    static let strokeWidth = 1.0
}

/// The Apple logo as the font glyph U+F8FF of SF Pro, in em: where its ink sits in
/// its advance box and relative to the baseline.
enum LogoGlyph {
    static let advance = 0.906
    static let inkLeft = 0.126
    static let inkRight = 0.747
    /// Ink top above the baseline and bottom below it.
    static let inkAscent = 0.757
    static let inkDescent = 0.008
    /// U+2005 (four-per-em space) between the logo and the title.
    static let space = 0.25

    static var inkWidth: Double { inkRight - inkLeft }
    static var inkHeight: Double { inkAscent + inkDescent }
}
