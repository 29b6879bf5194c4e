/// `/appleid/button/logo`: a square with the logo 43% of the side tall, centred
/// horizontally and sitting a little above the middle (22.7%-65.9% of the side).
package enum LogoOnlyLayout {
    package static let heightShare = 0.432
    package static let topShare = 0.227

    static func logo(side: Double) -> Rect {
        let h = heightShare * side
        let w = AppleLogoPath.aspect * h
        return Rect(x: (side - w) / 2, y: topShare * side, width: w, height: h)
    }
}
