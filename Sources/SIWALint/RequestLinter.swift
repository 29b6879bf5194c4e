import SIWAButtons

/// Apple's rules on a button request: what the request asks for (size, title) and,
/// with a context, where the button goes (page colours, other buttons, clear space).
/// The layout is the renderer's, so the title size and margins checked are those drawn.
public struct RequestLinter: Sendable {
    public let renderer: ButtonRenderer

    public init(renderer: ButtonRenderer) { self.renderer = renderer }

    public func findings(_ spec: ButtonSpec, context: LintContext = LintContext()) -> [LintFinding] {
        var out: [LintFinding] = []
        let w = Double(spec.width), h = Double(spec.height)
        if spec.mode != .logo {
            out += titleFindings(spec)
            if w < HIGNumbers.minimumWidth {
                out.append(LintFinding(LintRules.minimumWidth,
                                       "width \(spec.width) pt is below the HIG's 140 pt minimum (Apple's service accepts it)",
                                       fix: "use width=140 or more"))
            }
            out += layoutFindings(spec)
        }
        out += ContextChecks.findings(style: Self.style(spec), width: w, height: h, context: context)
        return LintReport.ordered(out)
    }

    static func style(_ spec: ButtonSpec) -> ButtonStyleKind {
        spec.color == .black ? .black : (spec.border ? .whiteOutline : .white)
    }

    /// A title replaced with `--labels` must still be Apple's wording, in sentence case or all caps.
    private func titleFindings(_ spec: ButtonSpec) -> [LintFinding] {
        let titles = renderer.titles
        guard titles.isOverridden(spec.type, in: spec.locale) else { return [] }
        let drawn = titles.title(spec.type, in: spec.locale), apple = spec.locale.title(spec.type)
        let field = "\(spec.locale.code) \(spec.type.rawValue)"
        if drawn == apple.uppercased() { return [] }
        if drawn.lowercased() == apple.lowercased() {
            return [LintFinding(LintRules.titleWording,
                                "the \(field) title '\(drawn)' is capitalised differently from Apple's '\(apple)'",
                                fix: "write '\(apple)' or all caps")]
        }
        return [LintFinding(LintRules.titleWording, "the \(field) title '\(drawn)' is not Apple's wording '\(apple)'")]
    }

    /// The title's size, from the layout the renderer draws. (Height, trailing margin and
    /// the logo cannot be wrong in a request: the parser and the layout keep them right.)
    private func layoutFindings(_ spec: ButtonSpec) -> [LintFinding] {
        guard let label = renderer.layout(spec).label else { return [] }
        var out: [LintFinding] = []
        let w = Double(spec.width), h = Double(spec.height)
        let share = label.fontSize / h
        if share < HIGNumbers.titleShareLow {
            // The title grows with the width until the height limits it.
            let needed = (w * HIGNumbers.titleShare / share).rounded(.up)
            out.append(LintFinding(LintRules.titleSize,
                                   "the title is \(LintNumber.percent(share)) of the height, squeezed by the width (the HIG asks 43%)",
                                   fix: needed <= 375 ? "widen the button to about \(Int(needed)) pt or lower it" : "lower the button or choose a shorter title"))
        }
        return out
    }
}
