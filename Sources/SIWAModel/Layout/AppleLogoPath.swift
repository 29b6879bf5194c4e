/// The Apple logo outline, authored for this project and fitted to Apple's renders.
/// Coordinates are in the logo's unit ink box: x 0...1 across the ink width, y 0...1
/// down the ink height (y grows downwards). The renderer maps it onto an ink box of
/// width/height `AppleLogoPath.aspect`. Both sub-paths are closed; fill with the
/// non-zero rule.
///
/// Construction: the body is one closed contour of 8 cubic segments (smooth joins
/// everywhere except the two corners of the bite on the right); the leaf is a
/// separate symmetric lens of two cubics with pointed tips, tilted to the upper right.
/// The control points were optimised against the anti-aliased coverage of Apple's
/// button-service PNGs (IoU 0.993-0.997 at 27-45 device px logo height).
public enum AppleLogoPath {
    /// One step of the logo's outline, in the unit ink box (0...1 on both axes).
    public enum Segment: Sendable, Equatable {
        /// Starts a sub-path at (`x`, `y`).
        case move(x: Double, y: Double)
        /// A cubic Bézier curve to (`x`, `y`) with control points (`x1`, `y1`) and (`x2`, `y2`).
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        /// A straight line to (`x`, `y`).
        case line(x: Double, y: Double)
        /// Closes the current sub-path.
        case close
    }

    /// Ink width divided by ink height.
    public static let aspect = 0.81

    /// The outline: the body (8 cubics), then the leaf (2 cubics), each closed.
    public static let segments: [Segment] = [
        // body
        .move(x: 0.5621, y: 0.2754),
        .curve(x1: 0.776, y1: 0.1946, x2: 0.9111, y2: 0.2714, x: 0.9689, y: 0.3411),
        .curve(x1: 0.7959, y1: 0.4227, x2: 0.7814, y2: 0.6457, x: 0.9932, y: 0.7316),
        .curve(x1: 1.032, y1: 0.7008, x2: 0.8983, y2: 0.9602, x: 0.7672, y: 0.9938),
        .curve(x1: 0.6408, y1: 1.0263, x2: 0.6078, y2: 0.9174, x: 0.4149, y: 0.9808),
        .curve(x1: 0.3869, y1: 0.99, x2: 0.3153, y2: 1.0161, x: 0.2548, y: 0.9857),
        .curve(x1: 0.1956, y1: 0.9561, x2: 0.0187, y2: 0.801, x: 0.0008, y: 0.5654),
        .curve(x1: -0.0011, y1: 0.5408, x2: -0.0148, y2: 0.3307, x: 0.207, y: 0.2591),
        .curve(x1: 0.3817, y1: 0.2026, x2: 0.4532, y2: 0.3165, x: 0.5621, y: 0.2754),
        .close,
        // leaf
        .move(x: 0.7455, y: 0.0),
        .curve(x1: 0.608, y1: 0.0003, x2: 0.4851, y2: 0.1151, x: 0.4992, y: 0.23),
        .curve(x1: 0.6367, y1: 0.2297, x2: 0.7596, y2: 0.1149, x: 0.7455, y: 0.0),
        .close,
    ]
}
