// TEMPORARY placeholder so the package compiles; replaced by the fitted logo outline.
enum AppleLogoPath {
    enum Segment: Sendable, Equatable {
        case move(x: Double, y: Double)
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        case line(x: Double, y: Double)
        case close
    }
    static let aspect = 0.81
    static let segments: [Segment] = [
        .move(x: 0.5, y: 0.25),
        .curve(x1: 1, y1: 0.25, x2: 1, y2: 1, x: 0.5, y: 1),
        .curve(x1: 0, y1: 1, x2: 0, y2: 0.25, x: 0.5, y: 0.25),
        .close,
        .move(x: 0.5, y: 0.2), .line(x: 0.75, y: 0), .line(x: 0.55, y: 0.2), .close,
    ]
}
