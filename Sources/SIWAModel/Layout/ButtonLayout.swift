/// Everything the painter draws, in points: the result of the layout stage.
public struct ButtonLayout: Hashable, Sendable {
    /// Button size in points.
    public var width: Double
    public var height: Double
    /// Filled shapes, back to front: for a bordered button the border shape in black
    /// then the face in white; otherwise just the face.
    public var shapes: [Shape]
    /// The Apple logo's ink box (the outline is stretched to exactly this box).
    public var logo: Rect
    public var label: Label?
    /// Colour of logo and label.
    public var foreground: Ink

    /// A rounded rectangle filled with one ink.
    public struct Shape: Hashable, Sendable {
        public var outline: RoundedRect
        public var fill: Ink
    }

    /// A single line of text placed by its logical (advance) box.
    public struct Label: Hashable, Sendable {
        public var text: String
        /// Fonts, language, direction, tracking: resolved from the locale.
        public var style: TextStyle
        public var fontSize: Double
        /// Left edge of the text's advance box.
        public var x: Double
        public var baseline: Double
        /// Advance width at `fontSize`.
        public var advance: Double
    }
}
