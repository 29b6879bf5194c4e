import SIWAModel

/// A title as this renderer lays it out and draws it, in the numbers a browser needs to do
/// the same without fonts (the element's generated title modules): the advance the layout
/// measured at the mode's reference size, the centred logo-title gap correction, and the
/// shaped glyph outlines (Pango and HarfBuzz runs: Arabic joined, right-to-left, Thai
/// marks placed, kana spaced) at `outlineSize` points with the advance box's left edge at
/// x 0 and the baseline at y 0. Unhinted, so the outline scales with the font size.
package struct TitleShape: Sendable {
    /// The advance `Layout` measured: at 12 pt for a centred title, 13 pt for a left-aligned one.
    package let advance: Double
    /// `TextMeasuring.titleGapCorrection` for the title's style, in em (centred titles only).
    package let gapCorrection: Double
    /// The glyphs' outline at `outlineSize` points, filled with the non-zero rule.
    package let outline: VectorPath
}

extension ButtonRenderer {
    /// `spec`'s title (centred or left-aligned: their styles differ in tracking) as the
    /// layout measures it and the painter draws it.
    package func titleShape(_ spec: ButtonSpec, outlineSize: Double) -> TitleShape? {
        engines.with { engine in
            let recorder = MeasureRecorder(engine)
            guard var label = Layout.layout(spec, titles: titles, measurer: recorder).label else {
                return (nil, fontSize: nil, scale: 1)
            }
            label.fontSize = outlineSize
            label.x = 0
            label.baseline = 0
            let shape = TitleShape(advance: recorder.advance, gapCorrection: recorder.gap, outline: engine.outline(label))
            return (shape, fontSize: outlineSize, scale: TextEngine.outlineScale)
        }
    }
}

/// The engine, remembering the last advance and gap correction the layout asked for.
private final class MeasureRecorder: TextMeasuring {
    let engine: TextEngine
    var advance = 0.0
    var gap = 0.0

    init(_ engine: TextEngine) { self.engine = engine }

    func advance(of text: String, style: TextStyle, fontSize: Double) -> Double {
        advance = engine.advance(of: text, style: style, fontSize: fontSize)
        return advance
    }

    func titleGapCorrection(style: TextStyle) -> Double {
        gap = engine.titleGapCorrection(style: style)
        return gap
    }

    func centredTrackingCorrection(style: TextStyle) -> Double { engine.centredTrackingCorrection(style: style) }
}
