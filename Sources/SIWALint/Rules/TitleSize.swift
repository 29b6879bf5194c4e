import SIWAButtons

/// The title's font at 43% of the height: a warning when it is well off (Apple's service,
/// like ours, shrinks the title when the width limits it).
enum TitleSize: RequestRule, ImageRule {
    static let rule = LintRule(
        id: "title-size", severity: .warning, name: "Title size",
        fix: "size the title at 43% of the button's height (widen the button if the title is squeezed)",
        hig: "\"the title's font size should be 43% of the button's height\"",
        subjects: [.request, .image])

    /// From the layout the renderer draws.
    static func findings(on request: LintedRequest) -> [LintFinding] {
        let spec = request.spec
        guard spec.mode != .logo, let label = request.renderer.layout(spec).label else { return [] }
        let w = Double(spec.width), h = Double(spec.height)
        let share = label.fontSize / h
        guard share < HIGNumbers.titleShareLow else { return [] }
        // The title grows with the width until the height limits it.
        let needed = (w * HIGNumbers.titleShare / share).rounded(.up)
        return [
            LintFinding(
                rule,
                "the title is \(LintNumber.percent(share)) of the height, squeezed by the width (the HIG asks 43%)",
                fix: needed <= 375
                    ? "widen the button to about \(Int(needed)) pt or lower it" : "lower the button or choose a shorter title")
        ]
    }

    /// From the title's ink height.
    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        guard m.logo != nil, let title = m.title else { return [] }
        let fontShare = m.titleFontShare ?? 0
        let detail = "the title's font is about \(LintNumber.percent(fontShare)) of the height (the HIG asks 43%)"
        let mark = title.mark("font ≈ \(LintNumber.percent(fontShare)) of H")
        if fontShare > HIGNumbers.titleShareHigh {
            return [LintFinding(rule, detail, mark: mark)]
        } else if fontShare < HIGNumbers.titleShareLow {
            return [
                LintFinding(rule, detail, fix: "enlarge the title to 43% of the height (widen the button if it is squeezed)", mark: mark)
            ]
        }
        return []
    }
}
