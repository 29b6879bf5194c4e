/// Apple's rules on an image of a button (a custom one, or one of ours), by measuring it.
public enum ImageLinter {
    /// Where the centres of the logo's and the title's ink may sit, as shares of the height
    /// (Apple's sit between 0.44 and 0.55: the logo a little above, the title a little below).
    static let centreShares = 0.40...0.60

    public struct Result: Sendable {
        public var image: RasterImage
        public var measurement: ButtonMeasurement
        public var report: LintReport
    }

    /// Reads, measures and checks an image file. `scale`: pixels per point of a PNG.
    public static func lint(path: String, scale: Double, context: LintContext = LintContext()) throws -> Result {
        let image = try RasterImage.load(path: path, scale: scale)
        return try lint(image, subject: path.split(separator: "/").last.map(String.init) ?? path, context: context)
    }

    /// Measures and checks an image already read.
    public static func lint(_ image: RasterImage, subject name: String, context: LintContext = LintContext()) throws(ImageMeasureError) -> Result {
        let measurement = try ImageMeasurer.measure(image)
        let report = LintReport(subject: name, findings: findings(measurement, context: context), context: context,
                                measurement: measurement)
        return Result(image: image, measurement: measurement, report: report)
    }

    static func findings(_ m: ButtonMeasurement, context: LintContext) -> [LintFinding] {
        var out: [LintFinding] = []
        let W = Double(m.width), H = Double(m.height)
        let pt = { (px: Double) in LintNumber.text(px / m.scale) }
        let onePoint = m.scale + 1  // measuring slack: a point plus a pixel of anti-aliasing

        if !m.logoOnly {
            if m.widthPoints < HIGNumbers.minimumWidth - 0.01 {
                out.append(LintFinding(LintRules.minimumWidth,
                                       "the button is \(LintNumber.text(m.widthPoints)) pt wide (\(m.width) px at \(LintNumber.text(m.scale))x), below 140 pt",
                                       mark: .span(x0: 0, x1: W, y: H - 2, label: "\(LintNumber.text(m.widthPoints)) pt < 140")))
            }
            if m.heightPoints < HIGNumbers.minimumHeight - 0.01 {
                out.append(LintFinding(LintRules.minimumHeight,
                                       "the button is \(LintNumber.text(m.heightPoints)) pt tall (\(m.height) px at \(LintNumber.text(m.scale))x), below 30 pt",
                                       mark: .whole(label: "\(LintNumber.text(m.heightPoints)) pt tall < 30")))
            }
        }
        out += colorFindings(m)
        guard let logo = m.logo else {
            return out + ContextChecks.findings(style: m.style, width: m.widthPoints, height: m.heightPoints, context: context)
        }
        let logoBox = LintMark.box(x: Double(logo.x), y: Double(logo.y), width: Double(logo.width), height: Double(logo.height),
                                   label: "logo")
        // The logo's shape: cropped or stretched artwork changes its ink proportions.
        // One pixel of rounding on either side moves the ratio by about 1/height.
        let aspectSlack = 0.06 + 1.5 / Double(max(logo.height, 1))
        if abs(logo.aspect - HIGNumbers.logoAspect) > aspectSlack {
            out.append(LintFinding(LintRules.logoProportions,
                                   "the logo's ink is \(logo.width) x \(logo.height) px, width/height \(String(format2: logo.aspect)) instead of 0.81: cropped or stretched",
                                   mark: relabel(logoBox, "logo \(String(format2: logo.aspect)) ≠ 0.81")))
        }
        if !centreShares.contains(logo.midY / H) {
            out.append(LintFinding(LintRules.verticalAlignment,
                                   "the logo's centre is at \(LintNumber.percent(logo.midY / H)) of the height, not near the middle",
                                   mark: .level(y: logo.midY, expected: H / 2, label: "logo centre \(LintNumber.percent(logo.midY / H))")))
        }
        if m.logoOnly {
            if abs(W / H - 1) > 0.02 + 1 / H {
                out.append(LintFinding(LintRules.logoOnlyAspect,
                                       "the logo-only button is \(m.width) x \(m.height) px, \(String(format2: W / H)):1 instead of 1:1",
                                       mark: .whole(label: "\(String(format2: W / H)):1, not 1:1")))
            }
            let margin = Double(min(logo.x, logo.y, m.width - logo.maxX, m.height - logo.maxY))
            if margin < HIGNumbers.marginShare * H - 1 {
                out.append(LintFinding(LintRules.logoOnlyMargin,
                                       "the logo is \(pt(margin)) pt from the edge, less than a tenth of the side (\(pt(0.1 * H)) pt)",
                                       mark: relabel(logoBox, "margin \(pt(margin)) < \(pt(0.1 * H)) pt")))
            }
        }
        if let title = m.title {
            let fontShare = m.titleFontShare ?? 0
            let titleBox = LintMark.box(x: Double(title.x), y: Double(title.y), width: Double(title.width),
                                        height: Double(title.height), label: "title")
            if fontShare > HIGNumbers.titleShareHigh {
                out.append(LintFinding(LintRules.titleSize,
                                       "the title's font is about \(LintNumber.percent(fontShare)) of the height (the HIG asks 43%)",
                                       mark: relabel(titleBox, "font ≈ \(LintNumber.percent(fontShare)) of H")))
            } else if fontShare < HIGNumbers.titleShareLow {
                out.append(LintFinding(LintRules.titleSize,
                                       "the title's font is about \(LintNumber.percent(fontShare)) of the height (the HIG asks 43%)",
                                       fix: "enlarge the title to 43% of the height (widen the button if it is squeezed)",
                                       mark: relabel(titleBox, "font ≈ \(LintNumber.percent(fontShare)) of H")))
            }
            if !centreShares.contains(title.midY / H) {
                out.append(LintFinding(LintRules.verticalAlignment,
                                       "the title's centre is at \(LintNumber.percent(title.midY / H)) of the height, not near the middle",
                                       mark: .level(y: title.midY, expected: H / 2, label: "title centre \(LintNumber.percent(title.midY / H))")))
            }
            if let margin = m.trailingMargin, margin < HIGNumbers.rightMarginShare * W - onePoint {
                let edge = m.rightToLeft ? 0 : W
                out.append(LintFinding(LintRules.rightMargin,
                                       "the title ends \(pt(margin)) pt from the trailing edge, less than 8% of the width (\(pt(0.08 * W)) pt)",
                                       mark: .span(x0: m.rightToLeft ? edge : Double(title.maxX), x1: m.rightToLeft ? Double(title.x) : edge,
                                                   y: min(H - 2, Double(title.maxY) + 4), label: "\(pt(margin)) < \(pt(0.08 * W)) pt (8%)")))
            }
        }
        return out + ContextChecks.findings(style: m.style, width: m.widthPoints, height: m.heightPoints, context: context)
    }

    /// Face, logo and title: black and white only, the logo and title in the face's opposite.
    static func colorFindings(_ m: ButtonMeasurement) -> [LintFinding] {
        let face = PageColor(parsing: m.background)!
        // Apple's faces are exactly #000000 or #ffffff; #1c1c1e is a custom colour.
        guard face.distance(to: .black) <= 0.03 || face.distance(to: .white) <= 0.03 else {
            return [LintFinding(LintRules.colors, "the button's face is \(m.background), not black or white",
                                mark: .whole(label: "face \(m.background)"))]
        }
        guard let logoColor = m.logoColor else {
            return [LintFinding(LintRules.colors, "no logo or title stands out from the \(m.background) face",
                                mark: .whole(label: "no logo or title"))]
        }
        var out: [LintFinding] = []
        for (what, color, box) in [("logo", logoColor, m.logo), ("title", m.titleColor, m.title)] {
            guard let color, let box, let ink = PageColor(parsing: color) else { continue }
            let opposite = face.isDark ? PageColor.white : PageColor.black
            // The mean of the fully inked pixels: pure, give or take anti-aliasing and rounding.
            if ink.distance(to: opposite) > 0.15 {
                out.append(LintFinding(LintRules.colors, "the \(what) is \(color) on a \(m.background) face, not \(opposite == .white ? "white" : "black")",
                                       mark: .box(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height),
                                                  label: "\(what) \(color)")))
            }
        }
        return out
    }

    private static func relabel(_ mark: LintMark, _ label: String) -> LintMark {
        guard case .box(let x, let y, let w, let h, _) = mark else { return mark }
        return .box(x: x, y: y, width: w, height: h, label: label)
    }
}

extension String {
    /// `0.81`: two decimals.
    init(format2 value: Double) { self = String((value * 100).rounded() / 100) }
}
