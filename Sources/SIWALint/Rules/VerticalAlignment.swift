/// The logo's and the title's ink centred vertically, each.
enum VerticalAlignment: ImageRule {
    static let rule = LintRule(
        id: "vertical-alignment", severity: .error, name: "Vertical alignment",
        fix: "centre the logo and the title vertically",
        hig: "Title centred vertically; the logo file's height equals the button's height.",
        subjects: [.image])

    /// Where the centres of the logo's and the title's ink may sit, as shares of the height
    /// (Apple's sit between 0.44 and 0.55: the logo a little above, the title a little below).
    static let centreShares = 0.40...0.60

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        guard let logo = m.logo else { return [] }
        let H = Double(m.height)
        var out: [LintFinding] = []
        for (what, box) in [("logo", logo), ("title", m.title)] {
            guard let box, !centreShares.contains(box.midY / H) else { continue }
            out.append(
                LintFinding(
                    rule,
                    "the \(what)'s centre is at \(LintNumber.percent(box.midY / H)) of the height, not near the middle",
                    mark: .level(y: box.midY, expected: H / 2, label: "\(what) centre \(LintNumber.percent(box.midY / H))")))
        }
        return out
    }
}
