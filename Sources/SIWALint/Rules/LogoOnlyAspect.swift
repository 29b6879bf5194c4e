/// A logo-only button is square.
enum LogoOnlyAspect: ImageRule {
    static let rule = LintRule(
        id: "logo-only-aspect", severity: .error, name: "Logo-only shape",
        fix: "make the logo-only button square (mask it to a circle or rounded square if you like)",
        hig: "A logo-only button \"always has a 1:1 aspect ratio\".",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        let W = Double(m.width), H = Double(m.height)
        guard m.logo != nil, m.logoOnly, abs(W / H - 1) > 0.02 + 1 / H else { return [] }
        return [
            LintFinding(
                rule,
                "the logo-only button is \(m.width) x \(m.height) px, \(String(format2: W / H)):1 instead of 1:1",
                mark: .whole(label: "\(String(format2: W / H)):1, not 1:1"))
        ]
    }
}
