/// At least 8% of the width between the title and the trailing edge.
enum RightMargin: ImageRule {
    static let rule = LintRule(
        id: "right-margin", severity: .error, name: "Trailing margin",
        fix: "keep at least 8% of the width between the title and the trailing edge",
        hig: "Right margin: \"at least 8% of the button's width\" between the title and the trailing edge.",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        let W = Double(m.width), H = Double(m.height)
        guard m.logo != nil, let title = m.title, let margin = m.trailingMargin,
            margin < HIGNumbers.rightMarginShare * W - m.onePoint
        else { return [] }
        let edge = m.rightToLeft ? 0 : W
        return [
            LintFinding(
                rule,
                "the title ends \(m.points(margin)) pt from the trailing edge, less than 8% of the width (\(m.points(0.08 * W)) pt)",
                mark: .span(
                    x0: m.rightToLeft ? edge : Double(title.maxX), x1: m.rightToLeft ? Double(title.x) : edge,
                    y: min(H - 2, Double(title.maxY) + 4), label: "\(m.points(margin)) < \(m.points(0.08 * W)) pt (8%)"))
        ]
    }
}
