/// The rules about where a button is shown, the same for a request and a measured image:
/// its style against the page colour, its size against the other providers' buttons, the
/// clear space around it.
enum ContextChecks {
    /// Below this contrast between the button's face and the page the button's edge
    /// disappears (WCAG's 3:1 for graphical objects).
    static let minimumContrast = 3.0

    static func findings(style: ButtonStyleKind, width: Double, height: Double, context: LintContext) -> [LintFinding] {
        var out: [LintFinding] = []
        for appearance in LintContext.Appearance.allCases {
            guard let page = context.backgrounds[appearance] else { continue }
            out += styleFindings(style, on: page, appearance: appearance)
        }
        if let margin = context.margin, margin + 1e-9 < height / 10 {
            out.append(LintFinding(LintRules.clearSpace,
                                   "\(LintNumber.text(margin)) pt of clear space is less than a tenth of the height (\(LintNumber.text(height / 10)) pt)",
                                   fix: "leave at least \(LintNumber.text(height / 10)) pt free on every side",
                                   mark: .whole(label: "margin \(LintNumber.text(margin)) < \(LintNumber.text(height / 10)) pt")))
        }
        if let bigger = context.beside.first(where: { width + 1e-9 < $0.width || height + 1e-9 < $0.height }) {
            let needed = context.beside.reduce((width, height)) { (max($0.0, $1.width), max($0.1, $1.height)) }
            out.append(LintFinding(LintRules.prominence,
                                   "the Apple button (\(LintContext.Size(width: width, height: height))) is smaller than another sign-in button (\(bigger))",
                                   fix: "make it at least \(LintContext.Size(width: needed.0, height: needed.1))",
                                   mark: .whole(label: "smaller than \(bigger)")))
        }
        return out
    }

    static func styleFindings(_ style: ButtonStyleKind, on page: PageColor, appearance: LintContext.Appearance) -> [LintFinding] {
        let where_ = "\(appearance.rawValue) page \(page)"
        switch style {
        case .black, .white:
            let contrast = style.face.contrast(with: page)
            guard contrast < minimumContrast else { return [] }
            return [LintFinding(LintRules.backgroundContrast,
                                "the \(style.rawValue) button on the \(where_) has a contrast of \(LintNumber.text(contrast)):1 (less than 3:1)",
                                fix: "use \(recommendation(for: page).map(\.rawValue).joined(separator: " or ")) there",
                                mark: .whole(label: "\(style.rawValue) on \(page): \(LintNumber.text(contrast)):1"))]
        case .whiteOutline:
            let saturated = page.chroma >= 0.5
            guard page.isDark || saturated else { return [] }
            return [LintFinding(LintRules.outlineOnDark,
                                "the white-outline button is on a \(page.isDark ? "dark" : "saturated") \(where_)",
                                fix: "use \(recommendation(for: page).map(\.rawValue).joined(separator: " or ")) there",
                                mark: .whole(label: "outline on \(page)"))]
        }
    }

    /// The styles Apple recommends on a page colour: white on dark pages; black or white
    /// with outline on light ones (white with outline not on saturated ones).
    static func recommendation(for page: PageColor) -> [ButtonStyleKind] {
        if page.isDark { return [.white] }
        var styles: [ButtonStyleKind] = [.black]
        if page.chroma < 0.5 { styles.append(.whiteOutline) }
        // White without outline only where it still stands out (a mid-grey page).
        if ButtonStyleKind.white.face.contrast(with: page) >= minimumContrast { styles.append(.white) }
        return styles
    }
}
