import SIWAButtons

/// The white-with-outline style belongs on white or light pages, not dark or saturated ones.
enum OutlineOnDark: PageRule {
    static let rule = LintRule(
        id: "outline-on-dark", severity: .warning, name: "Outline style on a dark page",
        fix: "use the white style on dark or saturated pages",
        hig: "White with outline: \"on white or light-color backgrounds\"; avoid it on dark or saturated backgrounds.",
        subjects: [.request, .image])

    static func findings(on button: ButtonOnPage) -> [LintFinding] {
        guard button.style == .whiteOutline else { return [] }
        return LintContext.Appearance.allCases.compactMap { appearance -> LintFinding? in
            guard let page = button.context.backgrounds[appearance] else { return nil }
            let saturated = page.chroma >= 0.5
            guard page.isDark || saturated else { return nil }
            return LintFinding(
                rule,
                "the white-outline button is on a \(page.isDark ? "dark" : "saturated") page \(page) (\(appearance.rawValue) mode)",
                fix: "use \(ButtonStyle.recommended(on: page).map(\.rawValue).joined(separator: " or ")) there",
                mark: .whole(label: "outline on \(page)"))
        }
    }
}
