import SIWAButtons

/// One of Apple's button rules, in one file of this folder: its words (`rule`) and its
/// checks. A rule checked on requests conforms to `RequestRule`, one checked on images to
/// `ImageRule`, one about the page around the button (same check on both) to `PageRule`;
/// `rule.subjects` names the same (RuleRegistryTests holds them equal). `LintRules.registry`
/// lists every rule.
protocol ButtonRule: Sendable {
    /// What the rule asks, its fix and Apple's words: what the CLI, `/api/lint`, the
    /// manifest, the gallery and the editor show.
    static var rule: LintRule { get }
}

/// A rule checked on a button request.
protocol RequestRule: ButtonRule {
    /// The findings on a request, in the order they are shown.
    static func findings(on request: LintedRequest) -> [LintFinding]
}

/// A rule checked on a measured image of a button.
protocol ImageRule: ButtonRule {
    /// The findings on a measurement, in the order they are shown.
    static func findings(on image: ButtonMeasurement, in context: LintContext) -> [LintFinding]
}

/// A rule about where a button is shown (page colours, other buttons, clear space): the
/// same check on a request and on an image, from the button's style and size in points.
protocol PageRule: RequestRule, ImageRule {
    static func findings(on button: ButtonOnPage) -> [LintFinding]
}

extension PageRule {
    static func findings(on request: LintedRequest) -> [LintFinding] {
        let spec = request.spec
        let style = ButtonStyle(spec)
        return findings(
            on: ButtonOnPage(
                style: style, width: Double(spec.width), height: Double(spec.height),
                context: request.context))
    }

    static func findings(on image: ButtonMeasurement, in context: LintContext) -> [LintFinding] {
        findings(on: ButtonOnPage(style: image.style, width: image.widthPoints, height: image.heightPoints, context: context))
    }
}

/// A request as the rules see it: the spec, where it is shown, and the renderer that would
/// draw it (its titles, its layout: the title size checked is the one drawn).
struct LintedRequest: Sendable {
    var spec: ButtonSpec
    var context: LintContext
    var renderer: ButtonRenderer
}

/// A button on its page, as the page rules see it: style and size in points.
struct ButtonOnPage: Sendable {
    var style: ButtonStyle
    var width, height: Double
    var context: LintContext
}
