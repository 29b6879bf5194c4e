import SIWAButtons

/// Apple's rules on a button request: what the request asks for (size, title) and,
/// with a context, where the button goes (page colours, other buttons, clear space).
/// The layout is the renderer's, so the title size and margins checked are those drawn.
package struct RequestLinter: Sendable {
    package let renderer: ButtonRenderer

    package init(renderer: ButtonRenderer) { self.renderer = renderer }

    package func findings(_ spec: ButtonSpec, context: LintContext = LintContext()) -> [LintFinding] {
        let request = LintedRequest(spec: spec, context: context, renderer: renderer)
        return LintReport.ordered(LintRules.onRequests.flatMap { $0.findings(on: request) })
    }
}
