/// A logo-only button keeps a tenth of its side free around the logo.
enum LogoOnlyMargin: ImageRule {
    static let rule = LintRule(
        id: "logo-only-margin", severity: .error, name: "Logo-only margin",
        fix: "keep the logo at least a tenth of the side away from every edge",
        hig: "Logo-only: margin of 1/10 of the button's height around the logo.",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        let H = Double(m.height)
        guard let logo = m.logo, m.logoOnly else { return [] }
        let margin = Double(min(logo.x, logo.y, m.width - logo.maxX, m.height - logo.maxY))
        guard margin < HIGNumbers.marginShare * H - 1 else { return [] }
        return [
            LintFinding(
                rule,
                "the logo is \(m.points(margin)) pt from the edge, less than a tenth of the side (\(m.points(0.1 * H)) pt)",
                mark: logo.mark("margin \(m.points(margin)) < \(m.points(0.1 * H)) pt"))
        ]
    }
}
