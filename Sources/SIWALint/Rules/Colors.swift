/// Face, logo and title black and white only, the logo and title in the face's opposite.
enum Colors: ImageRule {
    static let rule = LintRule(
        id: "colors", severity: .error, name: "Colours",
        fix: "draw logo and title in white on black, or black on white",
        hig: "\"Within a button, both items must be either black or white; don't use custom colors.\"",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        let face = PageColor(parsing: m.background)!
        // Apple's faces are exactly #000000 or #ffffff; #1c1c1e is a custom colour.
        guard face.distance(to: .black) <= 0.03 || face.distance(to: .white) <= 0.03 else {
            return [
                LintFinding(
                    rule, "the button's face is \(m.background), not black or white",
                    mark: .whole(label: "face \(m.background)"))
            ]
        }
        guard let logoColor = m.logoColor else {
            return [
                LintFinding(
                    rule, "no logo or title stands out from the \(m.background) face",
                    mark: .whole(label: "no logo or title"))
            ]
        }
        var out: [LintFinding] = []
        for (what, color, box) in [("logo", logoColor, m.logo), ("title", m.titleColor, m.title)] {
            guard let color, let box, let ink = PageColor(parsing: color) else { continue }
            let opposite = face.isDark ? PageColor.white : PageColor.black
            // The mean of the fully inked pixels: pure, give or take anti-aliasing and rounding.
            if ink.distance(to: opposite) > 0.15 {
                out.append(
                    LintFinding(
                        rule, "the \(what) is \(color) on a \(m.background) face, not \(opposite == .white ? "white" : "black")",
                        mark: box.mark("\(what) \(color)")))
            }
        }
        return out
    }
}
