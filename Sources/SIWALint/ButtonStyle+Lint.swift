import SIWAButtons

extension ButtonStyle {
    /// The colour of the button's face.
    var face: PageColor { self == .black ? .black : .white }

    /// The styles Apple recommends on a page colour: white on dark pages; black or white
    /// with outline on light ones (white with outline not on saturated ones).
    static func recommended(on page: PageColor) -> [ButtonStyle] {
        if page.isDark { return [.white] }
        var styles: [ButtonStyle] = [.black]
        if page.chroma < 0.5 { styles.append(.whiteOutline) }
        // White without outline only where it still stands out (a mid-grey page).
        if ButtonStyle.white.face.contrast(with: page) >= HIGNumbers.minimumContrast { styles.append(.white) }
        return styles
    }
}
