/// Apple's three button styles, as the rules about the page colour name them.
package enum ButtonStyleKind: String, Hashable, Sendable, Codable, CaseIterable {
    case black
    case white
    case whiteOutline = "white-outline"

    /// The colour of the button's face.
    var face: PageColor { self == .black ? .black : .white }
}

extension ButtonStyleKind {
    /// The styles Apple recommends on a page colour: white on dark pages; black or white
    /// with outline on light ones (white with outline not on saturated ones).
    static func recommended(on page: PageColor) -> [ButtonStyleKind] {
        if page.isDark { return [.white] }
        var styles: [ButtonStyleKind] = [.black]
        if page.chroma < 0.5 { styles.append(.whiteOutline) }
        // White without outline only where it still stands out (a mid-grey page).
        if ButtonStyleKind.white.face.contrast(with: page) >= HIGNumbers.minimumContrast { styles.append(.white) }
        return styles
    }
}
