import SIWAButtons

/// What was measured on an image of a button, in image pixels unless named otherwise.
package struct ButtonMeasurement: Codable, Equatable, Sendable {
    package var width: Int
    package var height: Int
    /// Pixels per point.
    package var scale: Double
    /// Size in points.
    package var widthPoints: Double
    package var heightPoints: Double
    /// The button's face colour (`#000000`), the most common opaque colour.
    package var background: String
    /// Black, white or white with outline, by the face colour and the border.
    package var style: ButtonStyle
    /// Width of a border in the face's opposite colour (0: none).
    package var border: Int
    /// Corner radius estimated from the transparent corners.
    package var radius: Double
    /// The Apple logo's ink box, and its colour.
    package var logo: Box?
    package var logoColor: String?
    /// The title's ink box (every word), and its colour; nil for a logo-only button.
    package var title: Box?
    package var titleColor: String?
    /// One ink group only: the logo-only button.
    package var logoOnly: Bool
    /// The logo after the title (Arabic, Hebrew).
    package var rightToLeft: Bool
    /// Distance from the title's ink to the trailing edge.
    package var trailingMargin: Double?
    /// The title's font size as a share of the height, estimated from its ink height.
    package var titleFontShare: Double?
    /// Free space between all the ink (logo and title) and each edge.
    package var inkMargins: Margins?

    package struct Margins: Codable, Equatable, Sendable {
        package var left: Int, top: Int, right: Int, bottom: Int
    }

    /// An ink box: left, top, width, height in pixels.
    package struct Box: Codable, Equatable, Sendable {
        package var x: Int, y: Int, width: Int, height: Int
        package var maxX: Int { x + width }
        package var maxY: Int { y + height }
        package var midY: Double { Double(y) + Double(height) / 2 }
        /// Width / height.
        package var aspect: Double { Double(width) / Double(max(height, 1)) }
    }
}
