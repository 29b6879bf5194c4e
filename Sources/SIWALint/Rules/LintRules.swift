/// The registry of Apple's button rules, from `../shared/spec/hig-rules.md` (Apple's HIG,
/// "Sign in with Apple"): each rule is one file of this folder, listed here once. Order is
/// the order of the docs' table and of findings.
package enum LintRules {
    /// Every rule: the one place to add one (see docs/extending.md, "Adding a lint rule").
    static let registry: [any ButtonRule.Type] = [
        TitleWording.self, MinimumWidth.self, MinimumHeight.self, BackgroundContrast.self, OutlineOnDark.self,
        Colors.self, ClearSpace.self, TitleSize.self, RightMargin.self, VerticalAlignment.self, LogoProportions.self,
        LogoOnlyAspect.self, LogoOnlyMargin.self, Prominence.self,
    ]

    /// The rules' words, in the registry's order.
    package static let all: [LintRule] = registry.map { $0.rule }

    /// The rules checked on requests, and on images.
    static let onRequests = registry.compactMap { $0 as? any RequestRule.Type }
    static let onImages = registry.compactMap { $0 as? any ImageRule.Type }

    package static func rule(id: String) -> LintRule? { all.first { $0.id == id } }
}
