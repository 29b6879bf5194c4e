/// `/appleid/button`: logo glyph + U+2005 + title as one run, centred. Apple's JS
/// measures the run at 12 px and scales it to fit 84% of the width and half the
/// height (which makes the font 43% of the height, as the HIG says).
package enum CenterLayout {
    package static let referenceSize = 12.0
    package static let maxWidthShare = 0.84

    /// Run height at 12 px and baseline offset below the centre at scale 1
    /// (Apple's JS: 14 and 4 for SF; 12.125 and 3.9375 for Chinese).
    package static func metrics(_ locale: ButtonLocale) -> (boxHeight: Double, baselineOffset: Double) {
        switch locale.script {
        case .chineseSimplified, .chineseTraditional, .chineseHongKong: (12.125, 3.9375)
        default: (14, 4)
        }
    }

    static func place(_ spec: ButtonSpec, title: String, measurer: some TextMeasuring) -> (Rect, ButtonLayout.Label) {
        let w = Double(spec.width), h = Double(spec.height)
        let text = spec.locale.typeset(title)
        let (boxHeight, baselineOffset) = metrics(spec.locale)
        var style = spec.locale.textStyle
        style.tracking += measurer.centredTrackingCorrection(style: style)
        let textAt12 = measurer.advance(of: text, style: style, fontSize: referenceSize)
        let logoAndSpace = (LogoGlyph.advance + LogoGlyph.space - measurer.titleGapCorrection(style: style)) * referenceSize
        let boxWidth = logoAndSpace + textAt12
        let s = min(maxWidthShare * w / boxWidth, 0.5 * h / boxHeight)
        let font = referenceSize * s
        let runWidth = boxWidth * s
        let runX = (w - runWidth) / 2
        let baseline = h / 2 + baselineOffset * s

        var logo = Rect(
            x: runX + LogoGlyph.inkLeft * font, y: baseline - LogoGlyph.inkAscent * font,
            width: LogoGlyph.inkWidth * font, height: LogoGlyph.inkHeight * font)
        let textWidth = textAt12 * s
        var textBox = Rect(x: runX + runWidth - textWidth, y: 0, width: textWidth, height: h)
        if spec.locale.isRightToLeft {
            // Mirror the run: title first, logo on the right.
            let mirror = { (r: Rect) in Rect(x: 2 * runX + runWidth - r.maxX, y: r.y, width: r.width, height: r.height) }
            logo = mirror(logo)
            textBox = mirror(textBox)
        }
        let label = ButtonLayout.Label(
            text: text, style: style, fontSize: font, x: textBox.x,
            baseline: baseline, advance: textWidth)
        return (logo, label)
    }
}
