import SIWAButtons

/// A black or white button must stand out from the page, in each appearance given.
enum BackgroundContrast: PageRule {
    static let rule = LintRule(
        id: "background-contrast", severity: .error, name: "Style against the page",
        fix: "use the white style on dark pages, black or white with outline on light ones",
        hig: "Black: \"don't use it on black or dark backgrounds.\" White: \"on dark backgrounds that provide sufficient contrast.\"",
        subjects: [.request, .image])

    static func findings(on button: ButtonOnPage) -> [LintFinding] {
        let style = button.style
        guard style != .whiteOutline else { return [] }  // OutlineOnDark's
        return LintContext.Appearance.allCases.compactMap { appearance -> LintFinding? in
            guard let page = button.context.backgrounds[appearance] else { return nil }
            let contrast = style.face.contrast(with: page)
            guard contrast < HIGNumbers.minimumContrast else { return nil }
            return LintFinding(
                rule,
                "the \(style.rawValue) button on the page \(page) (\(appearance.rawValue) mode) has a contrast of \(LintNumber.text(contrast)):1 (less than 3:1)",
                fix: "use \(ButtonStyle.recommended(on: page).map(\.rawValue).joined(separator: " or ")) there",
                mark: .whole(label: "\(style.rawValue) on \(page): \(LintNumber.text(contrast)):1"))
        }
    }
}
