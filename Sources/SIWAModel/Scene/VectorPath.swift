/// An outline in points (origin top-left, y down) as moves, lines, cubic curves and
/// closes: what Cairo's `cairo_copy_path` gives, what SVG's `d` and Android's
/// `pathData` say. No Cairo here.
public struct VectorPath: Hashable, Sendable {
    /// One step of the outline, in points.
    public enum Segment: Hashable, Sendable {
        /// Starts a contour at (`x`, `y`).
        case move(x: Double, y: Double)
        /// A straight line to (`x`, `y`).
        case line(x: Double, y: Double)
        /// A cubic Bézier curve to (`x`, `y`) with control points (`x1`, `y1`) and (`x2`, `y2`).
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        /// Closes the current contour.
        case close
    }

    /// The steps, in drawing order.
    public var segments: [Segment]

    /// A path of these steps (none by default).
    public init(_ segments: [Segment] = []) {
        self.segments = segments
    }

    /// Whether the path has no step at all.
    public var isEmpty: Bool { segments.isEmpty }

    /// The box of every point, control points included: holds the outline (a cubic
    /// stays within its control polygon), at most a little larger than its ink.
    public var controlBounds: Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for segment in segments {
            switch segment {
            case .move(let x, let y), .line(let x, let y):
                xs.append(x); ys.append(y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                xs += [x1, x2, x]; ys += [y1, y2, y]
            case .close: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The contours, one per `move`, each with its segments up to the next `move`.
    public var contours: [VectorPath] {
        var out: [VectorPath] = []
        for segment in segments {
            if case .move = segment { out.append(VectorPath()) }
            if out.isEmpty { out.append(VectorPath()) }
            out[out.count - 1].segments.append(segment)
        }
        return out
    }

    /// Closed sub-paths (contours): one per `move`.
    public var contourCount: Int {
        segments.reduce(0) { count, segment in
            if case .move = segment { return count + 1 }
            return count
        }
    }
}

extension VectorPath {
    /// A rounded rectangle as four lines and four quarter circles, clockwise from the
    /// top edge, each quarter the cubic Cairo's `cairo_arc` draws for 90°
    /// (control points at 4/3·tan(π/8) of the radius along the tangents).
    public init(_ shape: RoundedRect) {
        let r = shape.radius, b = shape.rect
        guard r > 0 else {
            self.init([
                .move(x: b.x, y: b.y), .line(x: b.maxX, y: b.y), .line(x: b.maxX, y: b.maxY),
                .line(x: b.x, y: b.maxY), .close,
            ])
            return
        }
        let k = r * 4 / 3 * 0.41421356237309503  // tan(π/8)
        let left = b.x, right = b.maxX, top = b.y, bottom = b.maxY
        self.init([
            .move(x: left + r, y: top),
            .line(x: right - r, y: top),
            .curve(x1: right - r + k, y1: top, x2: right, y2: top + r - k, x: right, y: top + r),
            .line(x: right, y: bottom - r),
            .curve(x1: right, y1: bottom - r + k, x2: right - r + k, y2: bottom, x: right - r, y: bottom),
            .line(x: left + r, y: bottom),
            .curve(x1: left + r - k, y1: bottom, x2: left, y2: bottom - r + k, x: left, y: bottom - r),
            .line(x: left, y: top + r),
            .curve(x1: left, y1: top + r - k, x2: left + r - k, y2: top, x: left + r, y: top),
            .close,
        ])
    }

    /// The authored Apple logo stretched onto its ink box.
    public init(appleLogoIn box: Rect) {
        func x(_ u: Double) -> Double { box.x + u * box.width }
        func y(_ v: Double) -> Double { box.y + v * box.height }
        self.init(
            AppleLogoPath.segments.map { segment in
                switch segment {
                case .move(let px, let py): .move(x: x(px), y: y(py))
                case .line(let px, let py): .line(x: x(px), y: y(py))
                case .curve(let x1, let y1, let x2, let y2, let px, let py):
                    .curve(x1: x(x1), y1: y(y1), x2: x(x2), y2: y(y2), x: x(px), y: y(py))
                case .close: .close
                }
            })
    }
}
