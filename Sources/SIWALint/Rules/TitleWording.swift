import SIWAButtons

/// A title replaced with `--labels` must still be Apple's wording, in sentence case or all caps.
enum TitleWording: RequestRule {
    static let rule = LintRule(
        id: "title-wording", severity: .error, name: "Title",
        fix: "use Apple's wording for the locale (drop the --labels entry), in sentence case or all caps",
        hig:
            "Use only Sign in with Apple, Sign up with Apple, or Continue with Apple. (Localised: Apple's own translation; first word and \"Apple\" capitalised, or all caps.)",
        subjects: [.request])

    static func findings(on request: LintedRequest) -> [LintFinding] {
        let spec = request.spec, titles = request.renderer.titles
        guard spec.mode != .logo, titles.isOverridden(spec.type, in: spec.locale) else { return [] }
        let drawn = titles.title(spec.type, in: spec.locale), apple = spec.locale.title(spec.type)
        let field = "\(spec.locale.code) \(spec.type.rawValue)"
        if drawn == apple.uppercased() { return [] }
        if drawn.lowercased() == apple.lowercased() {
            return [
                LintFinding(
                    rule,
                    "the \(field) title '\(drawn)' is capitalised differently from Apple's '\(apple)'",
                    fix: "write '\(apple)' or all caps")
            ]
        }
        return [LintFinding(rule, "the \(field) title '\(drawn)' is not Apple's wording '\(apple)'")]
    }
}
