/// Apple's three button styles, as the rules about the page colour name them.
public enum ButtonStyleKind: String, Hashable, Sendable, Codable, CaseIterable {
    case black
    case white
    case whiteOutline = "white-outline"

    /// The colour of the button's face.
    var face: PageColor { self == .black ? .black : .white }
}
