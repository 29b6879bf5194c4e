/// At least 30 pt tall. (A request cannot break it: the parser keeps the height in Apple's range.)
enum MinimumHeight: ImageRule {
    static let rule = LintRule(
        id: "min-height", severity: .error, name: "Minimum height",
        fix: "make the button at least 30 pt tall",
        hig: "Minimum button height: 30 pt (60 px @2x).",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        guard !m.logoOnly, m.heightPoints < HIGNumbers.minimumHeight - 0.01 else { return [] }
        return [
            LintFinding(
                rule,
                "the button is \(LintNumber.text(m.heightPoints)) pt tall (\(m.height) px at \(LintNumber.text(m.scale))x), below 30 pt",
                mark: .whole(label: "\(LintNumber.text(m.heightPoints)) pt tall < 30"))
        ]
    }
}
