/// Plain geometry in points, origin top-left, y down. No Cairo here.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// Mirrors the rect across the vertical centre line of a box of width `w`.
    public func mirrored(inWidth w: Double) -> Rect {
        Rect(x: w - maxX, y: y, width: width, height: height)
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// A rounded rectangle: corner radius already clamped to fit.
public struct RoundedRect: Hashable, Sendable {
    public var rect: Rect
    public var radius: Double

    public init(rect: Rect, radius: Double) {
        self.rect = rect
        self.radius = max(0, min(radius, rect.width / 2, rect.height / 2))
    }
}

/// Grey level: 0 black, 1 white. Buttons use nothing else.
public enum Ink: Double, Sendable {
    case black = 0
    case white = 1
}
