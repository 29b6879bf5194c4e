/// A broken rule: which, what was found (with the numbers) and how to fix it.
package struct LintFinding: Hashable, Sendable {
    package var rule: LintRule
    /// What was found: "width 130 pt is below 140 pt".
    package var detail: String
    /// How to fix this button; the rule's usual fix unless the finding knows better.
    package var fix: String
    /// Where the finding is on a measured image (for `--annotate`); nil for requests.
    package var mark: LintMark?

    package init(_ rule: LintRule, _ detail: String, fix: String? = nil, mark: LintMark? = nil) {
        self.rule = rule
        self.detail = detail
        self.fix = fix ?? rule.fix
        self.mark = mark
    }

    package var severity: LintSeverity { rule.severity }

    /// One line naming the rule and the fix, the same everywhere (CLI, HTTP, gallery, editor).
    package var message: String { "\(rule.name): \(detail); \(fix)." }
}

/// A measurement drawn on an annotated image, in image pixels (origin top-left).
package enum LintMark: Hashable, Sendable {
    /// A box around something measured (the logo's ink, the title's ink).
    case box(x: Double, y: Double, width: Double, height: Double, label: String)
    /// A horizontal distance on the row `y`, from `x0` to `x1` (a margin).
    case span(x0: Double, x1: Double, y: Double, label: String)
    /// A horizontal line across the image at `y` (a centre), with the expected one at `expected`.
    case level(y: Double, expected: Double, label: String)
    /// The whole image (size, colours, the page around it).
    case whole(label: String)
}
