/// What was measured on an image of a button, in image pixels unless named otherwise.
public struct ButtonMeasurement: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Pixels per point.
    public var scale: Double
    /// Size in points.
    public var widthPoints: Double
    public var heightPoints: Double
    /// The button's face colour (`#000000`), the most common opaque colour.
    public var background: String
    /// Black, white or white with outline, by the face colour and the border.
    public var style: ButtonStyleKind
    /// Width of a border in the face's opposite colour (0: none).
    public var border: Int
    /// Corner radius estimated from the transparent corners.
    public var radius: Double
    /// The Apple logo's ink box, and its colour.
    public var logo: Box?
    public var logoColor: String?
    /// The title's ink box (every word), and its colour; nil for a logo-only button.
    public var title: Box?
    public var titleColor: String?
    /// One ink group only: the logo-only button.
    public var logoOnly: Bool
    /// The logo after the title (Arabic, Hebrew).
    public var rightToLeft: Bool
    /// Distance from the title's ink to the trailing edge.
    public var trailingMargin: Double?
    /// The title's font size as a share of the height, estimated from its ink height.
    public var titleFontShare: Double?
    /// Free space between all the ink (logo and title) and each edge.
    public var inkMargins: Margins?

    public struct Margins: Codable, Equatable, Sendable {
        public var left: Int, top: Int, right: Int, bottom: Int
    }

    /// An ink box: left, top, width, height in pixels.
    public struct Box: Codable, Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public var maxX: Int { x + width }
        public var maxY: Int { y + height }
        public var midY: Double { Double(y) + Double(height) / 2 }
        /// Width / height.
        public var aspect: Double { Double(width) / Double(max(height, 1)) }
    }
}
