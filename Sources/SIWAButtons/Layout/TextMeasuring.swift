/// The one thing layout needs to know about fonts: how wide a label is. Text advance
/// scales linearly with the font size (the renderer turns hinting off), so layouts ask
/// at a reference size and scale. Tests supply a fake; the renderer measures with Pango.
public protocol TextMeasuring {
    /// Advance width of `text` set in `locale`'s fonts and tracking at `fontSize` points.
    func advance(of text: String, locale: ButtonLocale, fontSize: Double) -> Double
}
