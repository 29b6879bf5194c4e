/// The three looks Apple allows.
public enum ButtonStyle: String, CaseIterable, Codable, Sendable {
    /// A black face (`color=black`, never a border) or a white one without (`color=white`).
    case black, white
    /// A white face with a black outline (`color=white&border=true`).
    case whiteOutline = "white-outline"

    /// The face colour: Apple's `color`.
    public var color: ButtonSpec.Color { self == .black ? .black : .white }
    /// Whether the button has an outline: Apple's `border`.
    public var border: Bool { self == .whiteOutline }

    /// The style a spec is drawn in (Apple draws no border on a black button).
    public init(_ spec: ButtonSpec) {
        self = spec.color == .black ? .black : (spec.border ? .whiteOutline : .white)
    }
}
