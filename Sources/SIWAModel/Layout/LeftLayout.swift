/// `/appleid/button/left`: the logo in a slot near the left edge, the title from
/// `label-position`. Integer steps follow Apple's JS (all in points).
package enum LeftLayout {
    /// Apple's logo for each logo-size: a path in a 44-unit-high frame, shown through a
    /// viewBox `slot` units wide centred on the frame. Its ink box is measured from the
    /// path's on-curve extremes, in units from the viewBox's top-left corner.
    package struct LogoStyle {
        package let slot: Double
        package let ink: Rect
    }

    package static func style(_ size: ButtonSpec.LogoSize) -> LogoStyle {
        switch size {
        case .small: LogoStyle(slot: 12, ink: Rect(x: 0.14572, y: 13.63447, width: 11.82500, height: 14.53182))
        case .medium: LogoStyle(slot: 17, ink: Rect(x: 0.75, y: 10.5, width: 15.46090, height: 19))
        case .large: LogoStyle(slot: 21, ink: Rect(x: 0.765, y: 7.6, width: 19.52956, height: 24))
        }
    }

    package static let frameHeight = 44.0
    package static let referenceSize = 13.0
    package static let maxFontShare = 0.4333
    package static let baselineShare = 0.3577

    /// Positions in points after Apple's clamping.
    struct Slots: Equatable {
        var logoWidth: Double, logoX: Double, labelX: Double, labelWidth: Double, rightMargin: Double
    }

    /// Apple's JS: the slot is floor(slot x H/44) whole points; each position is
    /// clamped to one bound or the other, never both (the label's cap wins over its
    /// minimum, and the logo may then sit below its own minimum).
    static func slots(_ spec: ButtonSpec) -> Slots {
        let w = Double(spec.width), h = Double(spec.height)
        let logoW = (style(spec.logoSize).slot * h / frameHeight).rounded(.down)
        let minLeft = (0.5 * logoW).rounded(.down)
        let gap = (0.7 * logoW).rounded(.down)
        let labelX = clamp(Double(spec.labelPosition), min: minLeft + logoW + gap, max: (w / 2).rounded(.down))
        let logoX = clamp(Double(spec.logoPosition), min: minLeft, max: labelX - gap - logoW)
        let rightMargin = (0.08 * w).rounded(.down)
        let labelWidth = w - logoX - rightMargin - (labelX - logoX - logoW) - logoW
        return Slots(logoWidth: logoW, logoX: logoX, labelX: labelX, labelWidth: labelWidth, rightMargin: rightMargin)
    }

    /// `v > max ? max : (v < min ? min : v)`, as the JS writes it: when min > max the
    /// result is max (a plain min/max pair would give min).
    static func clamp(_ v: Double, min lower: Double, max upper: Double) -> Double {
        v > upper ? upper : Swift.max(v, lower)
    }

    /// The logo's ink box: the 44-unit frame fitted into a slotWidth x H box (the
    /// width limits, as slotWidth is rounded down), centred vertically.
    static func logoBox(_ size: ButtonSpec.LogoSize, slotX: Double, slotWidth: Double, height h: Double) -> Rect {
        let st = style(size)
        let k = slotWidth / st.slot
        let top = (h - frameHeight * k) / 2
        return Rect(x: slotX + st.ink.x * k, y: top + st.ink.y * k, width: st.ink.width * k, height: st.ink.height * k)
    }

    static func place(_ spec: ButtonSpec, title: String, measurer: some TextMeasuring) -> (Rect, ButtonLayout.Label) {
        let w = Double(spec.width), h = Double(spec.height)
        let s = slots(spec)
        // Right-to-left mirrors the slots, not the logo inside its slot.
        let slotX = spec.locale.isRightToLeft ? w - s.logoX - s.logoWidth : s.logoX
        let logo = logoBox(spec.logoSize, slotX: slotX, slotWidth: s.logoWidth, height: h)

        let text = spec.locale.typeset(title)
        let style = spec.locale.textStyle
        let textAt13 = measurer.advance(of: text, style: style, fontSize: referenceSize)
        let font = min(referenceSize * min(s.labelWidth / textAt13, h / 30), maxFontShare * h)
        let advance = textAt13 * font / referenceSize
        var textBox = Rect(x: s.labelX, y: 0, width: advance, height: h)
        if spec.locale.isRightToLeft {
            textBox = textBox.mirrored(inWidth: w)
        }
        let label = ButtonLayout.Label(
            text: text, style: style, fontSize: font, x: textBox.x,
            baseline: h / 2 + baselineShare * font, advance: advance)
        return (logo, label)
    }
}
