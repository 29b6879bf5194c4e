/// What layout needs to know about fonts: how wide a label is. Text advance
/// scales linearly with the font size (the renderer turns hinting off), so layouts ask
/// at a reference size and scale. Tests supply a fake; the renderer measures with Pango.
public protocol TextMeasuring {
    /// Advance width of `text` set in `style` at `fontSize` points.
    func advance(of text: String, style: TextStyle, fontSize: Double) -> Double

    /// How much (in em) to narrow the space between the centred logo and the title so
    /// the visible gap matches SF Pro's, for fonts whose first letters sit further
    /// from their origin than SF's. 0 for SF itself.
    func titleGapCorrection(style: TextStyle) -> Double

    /// Letter spacing (em) added to a centred title's tracking, for fonts whose centred
    /// Latin titles come out wider than Apple's at the same size. 0 for SF itself.
    func centredTrackingCorrection(style: TextStyle) -> Double
}

extension TextMeasuring {
    public func titleGapCorrection(style: TextStyle) -> Double { 0 }
    public func centredTrackingCorrection(style: TextStyle) -> Double { 0 }
}
