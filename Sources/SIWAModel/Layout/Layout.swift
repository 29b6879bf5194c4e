/// Computes a button's geometry in points from its spec. Pure: no Cairo, no Pango
/// (text widths come from a `TextMeasuring`).
public enum Layout {
    /// Lays a button out as Apple's JS does for its endpoint (centred, left-aligned or
    /// logo only): the face and border, the logo's ink box and the title's placement.
    ///
    /// - Parameters:
    ///   - spec: the normalised button.
    ///   - titles: where the label's text comes from.
    ///   - measurer: the text widths and the font's corrections (the renderer's Pango engine).
    /// - Returns: the shapes, logo box and label, in points.
    public static func layout(_ spec: ButtonSpec, titles: TitleTable = .standard, measurer: some TextMeasuring) -> ButtonLayout {
        let w = Double(spec.width), h = Double(spec.height)
        let foreground: Ink = spec.color == .black ? .white : .black
        var result = ButtonLayout(
            width: w, height: h, shapes: shapes(spec), logo: Rect(x: 0, y: 0, width: 0, height: 0),
            label: nil, foreground: foreground)
        switch spec.mode {
        case .logo:
            result.logo = LogoOnlyLayout.logo(side: w)
        case .center:
            (result.logo, result.label) = CenterLayout.place(
                spec, title: titles.title(spec.type, in: spec.locale),
                measurer: measurer)
        case .left:
            (result.logo, result.label) = LeftLayout.place(
                spec, title: titles.title(spec.type, in: spec.locale),
                measurer: measurer)
        }
        return result
    }

    /// Background and border, as Apple's JS draws them: one rect with corner radius
    /// `border_radius`% of its own height. Black buttons never show a border. A bordered
    /// white button strokes the rect in black, centred on its edge, so the outer shape
    /// is the rect grown by half the stroke and the white face the rect shrunk by it:
    /// - centre: the rect sits in a 1 pt padding ((W-2) x (H-2)), stroke 1 pt, so a
    ///   0.5 pt transparent ring shows and the outer radius is r%(H-2) + 0.5;
    /// - left: the rect is the whole button, so the outer half of the stroke falls
    ///   outside the image (0.5 pt at the very edge, no ring);
    /// - logo: the rect sits in the 1 pt padding, stroke S/50 pt: the JS's 50-unit box
    ///   scaled to S-2 gives (S-2)/50, 0.01 pt short of what Apple's image service
    ///   shows at scale 4 (docs/geometry.md).
    static func shapes(_ spec: ButtonSpec) -> [ButtonLayout.Shape] {
        let bounds = Rect(x: 0, y: 0, width: Double(spec.width), height: Double(spec.height))
        let share = Double(spec.borderRadius) / 100
        guard spec.border && spec.color == .white else {
            return [
                .init(
                    outline: RoundedRect(rect: bounds, radius: share * bounds.height),
                    fill: spec.color == .black ? .black : .white)
            ]
        }
        let (rect, stroke): (Rect, Double) =
            switch spec.mode {
            case .center: (bounds.insetBy(1), 1)
            case .left: (bounds, 1)
            case .logo: (bounds.insetBy(1), bounds.width / 50)
            }
        let radius = share * rect.height
        return [
            .init(outline: RoundedRect(rect: rect.insetBy(-stroke / 2), radius: radius + stroke / 2), fill: .black),
            .init(outline: RoundedRect(rect: rect.insetBy(stroke / 2), radius: radius - stroke / 2), fill: .white),
        ]
    }
}

/// The Apple logo as the font glyph U+F8FF of SF Pro, in em: where its ink sits in
/// its advance box and relative to the baseline.
package enum LogoGlyph {
    package static let advance = 0.906
    package static let inkLeft = 0.126
    package static let inkRight = 0.747
    /// Ink top above the baseline and bottom below it.
    package static let inkAscent = 0.757
    package static let inkDescent = 0.008
    /// U+2005 (four-per-em space) between the logo and the title.
    package static let space = 0.25

    static var inkWidth: Double { inkRight - inkLeft }
    static var inkHeight: Double { inkAscent + inkDescent }
}
