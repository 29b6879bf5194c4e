/// `/appleid/button/left`: the logo in a slot near the left edge, the title from
/// `label-position`. Integer steps follow Apple's JS (all in points).
enum LeftLayout {
    struct LogoStyle {
        /// Slot width in units of a 44-unit-high button.
        let slot: Double
        /// Ink height and vertical ink centre, as shares of the height.
        let heightShare: Double
        let centreShare: Double
    }

    static func style(_ size: ButtonSpec.LogoSize) -> LogoStyle {
        switch size {
        case .small: LogoStyle(slot: 12, heightShare: 0.33, centreShare: 0.475)
        case .medium: LogoStyle(slot: 17, heightShare: 0.43, centreShare: 0.455)
        case .large: LogoStyle(slot: 21, heightShare: 0.545, centreShare: 0.445)
        }
    }

    static let referenceSize = 13.0
    static let maxFontShare = 0.4333
    static let baselineShare = 0.3577

    /// Positions in points after Apple's clamping.
    struct Slots: Equatable {
        var logoWidth: Double, logoX: Double, labelX: Double, labelWidth: Double, rightMargin: Double
    }

    static func slots(_ spec: ButtonSpec) -> Slots {
        let w = Double(spec.width), h = Double(spec.height)
        let logoW = (style(spec.logoSize).slot * h / 44).rounded(.down)
        let minLeft = (0.5 * logoW).rounded(.down)
        let gap = (0.7 * logoW).rounded(.down)
        var labelX = min(Double(spec.labelPosition), (w / 2).rounded(.down))
        labelX = max(labelX, minLeft + logoW + gap)
        let logoX = max(min(Double(spec.logoPosition), labelX - gap - logoW), minLeft)
        let rightMargin = (0.08 * w).rounded(.down)
        let labelWidth = w - logoX - rightMargin - (labelX - logoX - logoW) - logoW
        return Slots(logoWidth: logoW, logoX: logoX, labelX: labelX, labelWidth: labelWidth, rightMargin: rightMargin)
    }

    static func place(_ spec: ButtonSpec, measurer: some TextMeasuring) -> (Rect, ButtonLayout.Label) {
        let w = Double(spec.width), h = Double(spec.height)
        let s = slots(spec)
        let st = style(spec.logoSize)
        let inkH = st.heightShare * h
        let inkW = AppleLogoPath.aspect * inkH
        var logo = Rect(x: s.logoX + (s.logoWidth - inkW) / 2, y: st.centreShare * h - inkH / 2, width: inkW, height: inkH)

        let text = spec.label ?? ""
        let textAt13 = measurer.advance(of: text, locale: spec.locale, fontSize: referenceSize)
        let font = min(referenceSize * min(s.labelWidth / textAt13, h / 30), maxFontShare * h)
        let advance = textAt13 * font / referenceSize
        var textBox = Rect(x: s.labelX, y: 0, width: advance, height: h)
        if spec.locale.isRightToLeft {
            logo = logo.mirrored(inWidth: w)
            textBox = textBox.mirrored(inWidth: w)
        }
        let label = ButtonLayout.Label(text: text, locale: spec.locale, fontSize: font, x: textBox.x,
                                       baseline: h / 2 + baselineShare * font, advance: advance)
        return (logo, label)
    }
}
