import SIWAButtons

/// At least ``ButtonSchema/HIG/minimumWidth`` (140 pt) wide (logo-only buttons have their own rules).
enum MinimumWidth: RequestRule, ImageRule {
    private static let min = ButtonSchema.HIG.minimumWidth

    static let rule = LintRule(
        id: "min-width", severity: .error, name: "Minimum width",
        fix: "make the button at least \(min) pt wide",
        hig: "Minimum button width: \(min) pt (\(2 * min) px @2x).",
        subjects: [.request, .image])

    static func findings(on request: LintedRequest) -> [LintFinding] {
        let spec = request.spec
        guard spec.mode != .logo, Double(spec.width) < HIGNumbers.minimumWidth else { return [] }
        return [
            LintFinding(
                rule,
                "width \(spec.width) pt is below the HIG's \(min) pt minimum (Apple's service accepts it)",
                fix: "use width=\(min) or more")
        ]
    }

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        guard !m.logoOnly, m.widthPoints < HIGNumbers.minimumWidth - 0.01 else { return [] }
        return [
            LintFinding(
                rule,
                "the button is \(LintNumber.text(m.widthPoints)) pt wide (\(m.width) px at \(LintNumber.text(m.scale))x), below \(min) pt",
                mark: .span(
                    x0: 0, x1: Double(m.width), y: Double(m.height) - 2,
                    label: "\(LintNumber.text(m.widthPoints)) pt < \(min)"))
        ]
    }
}
