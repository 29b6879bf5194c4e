/// The three looks Apple allows.
public enum ButtonStyle: String, CaseIterable, Sendable {
    case black, white
    case whiteOutline = "white-outline"

    public var color: ButtonSpec.Color { self == .black ? .black : .white }
    public var border: Bool { self == .whiteOutline }

    /// The style a spec is drawn in (Apple draws no border on a black button).
    public init(_ spec: ButtonSpec) {
        self = spec.color == .black ? .black : (spec.border ? .whiteOutline : .white)
    }
}
