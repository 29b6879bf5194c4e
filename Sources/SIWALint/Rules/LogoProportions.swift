/// Apple's logo artwork as is: cropped or stretched artwork changes its ink proportions.
enum LogoProportions: ImageRule {
    static let rule = LintRule(
        id: "logo-proportions", severity: .error, name: "Logo",
        fix: "use Apple's logo artwork as is, not cropped or stretched (its ink is 0.81 times as wide as tall)",
        hig: "Use only Apple's logo artwork; never crop it, re-pad it or use it alone as a button.",
        subjects: [.image])

    static func findings(on m: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        guard let logo = m.logo else { return [] }
        // One pixel of rounding on either side moves the ratio by about 1/height.
        let aspectSlack = 0.06 + 1.5 / Double(max(logo.height, 1))
        guard abs(logo.aspect - HIGNumbers.logoAspect) > aspectSlack else { return [] }
        return [
            LintFinding(
                rule,
                "the logo's ink is \(logo.width) x \(logo.height) px, width/height \(String(format2: logo.aspect)) instead of 0.81: cropped or stretched",
                mark: logo.mark("logo \(String(format2: logo.aspect)) ≠ 0.81"))
        ]
    }
}
