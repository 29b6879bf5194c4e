/// Everything the painter draws, in points: the result of the layout stage.
public struct ButtonLayout: Hashable, Sendable {
    /// Button width in points: the spec's `width` (`size` for the logo-only button).
    public var width: Double
    /// Button height in points: the spec's `height` (`size` for the logo-only button).
    public var height: Double
    /// Filled shapes, back to front: for a bordered button the border shape in black
    /// then the face in white; otherwise just the face.
    public var shapes: [Shape]
    /// The Apple logo's ink box (the outline is stretched to exactly this box).
    public var logo: Rect
    /// The title; nil for the logo-only button.
    public var label: Label?
    /// Colour of logo and label.
    public var foreground: Ink

    /// A rounded rectangle filled with one ink.
    public struct Shape: Hashable, Sendable {
        /// The shape, in points.
        public var outline: RoundedRect
        /// Its colour: black or white.
        public var fill: Ink
    }

    /// A single line of text placed by its logical (advance) box.
    public struct Label: Hashable, Sendable {
        /// The title as drawn: logical order, the locale's word space (`ButtonLocale.typeset(_:)`).
        public var text: String
        /// Fonts, language, direction, tracking: resolved from the locale.
        public var style: TextStyle
        /// Font size in points: Apple's JS's reference size (12 centred, 13 left-aligned) scaled to fit.
        public var fontSize: Double
        /// Left edge of the text's advance box.
        public var x: Double
        /// Baseline, in points from the button's top edge.
        public var baseline: Double
        /// Advance width at `fontSize`.
        public var advance: Double
    }
}
