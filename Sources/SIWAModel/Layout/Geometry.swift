/// Plain geometry in points, origin top-left, y down. No Cairo here.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner (`x`, `y`) and the size, in points.
    public var x, y, width, height: Double

    /// A rect from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The right edge: `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge: `y + height`.
    public var maxY: Double { y + height }

    /// The rect shrunk by `d` points on every side (grown for a negative `d`).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// Mirrors the rect across the vertical centre line of a box of width `w`.
    public func mirrored(inWidth w: Double) -> Rect {
        Rect(x: w - maxX, y: y, width: width, height: height)
    }

    /// Written `(x, y, WIDTHxHEIGHT)`.
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// A rounded rectangle: corner radius already clamped to fit.
public struct RoundedRect: Hashable, Sendable {
    /// The bounds, in points.
    public var rect: Rect
    /// Corner radius in points, between 0 and half the shorter side.
    public var radius: Double

    /// A rounded rect; `radius` is clamped to 0...min(width, height) / 2.
    public init(rect: Rect, radius: Double) {
        self.rect = rect
        self.radius = max(0, min(radius, rect.width / 2, rect.height / 2))
    }
}

/// Grey level: 0 black, 1 white. Buttons use nothing else.
public enum Ink: Double, Sendable {
    /// Black, `#000` (grey level 0).
    case black = 0
    /// White, `#FFF` (grey level 1).
    case white = 1
}
