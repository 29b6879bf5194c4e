/// A tenth of the button's height free around it on the page (`--margin`).
enum ClearSpace: PageRule {
    static let rule = LintRule(
        id: "clear-space", severity: .error, name: "Clear space",
        fix: "leave at least a tenth of the button's height free around it",
        hig: "\"minimum margin ... 1/10 of the button's height\" around the button.",
        subjects: [.request, .image])

    static func findings(on button: ButtonOnPage) -> [LintFinding] {
        let needed = button.height / 10
        guard let margin = button.context.margin, margin + 1e-9 < needed else { return [] }
        return [
            LintFinding(
                rule,
                "\(LintNumber.text(margin)) pt of clear space is less than a tenth of the height (\(LintNumber.text(needed)) pt)",
                fix: "leave at least \(LintNumber.text(needed)) pt free on every side",
                mark: .whole(label: "margin \(LintNumber.text(margin)) < \(LintNumber.text(needed)) pt"))
        ]
    }
}
