/// The catalogue of rules, from `../shared/spec/hig-rules.md` (Apple's HIG, "Sign in
/// with Apple"). Order is the order of the README table and of findings.
public enum LintRules {
    public static let titleWording = LintRule(
        id: "title-wording", severity: .error, name: "Title",
        fix: "use Apple's wording for the locale (drop the --labels entry), in sentence case or all caps",
        hig: "Use only Sign in with Apple, Sign up with Apple, or Continue with Apple. (Localised: Apple's own translation; first word and \"Apple\" capitalised, or all caps.)",
        subjects: [.request])

    public static let minimumWidth = LintRule(
        id: "min-width", severity: .error, name: "Minimum width",
        fix: "make the button at least 140 pt wide",
        hig: "Minimum button width: 140 pt (280 px @2x).",
        subjects: [.request, .image])

    public static let minimumHeight = LintRule(
        id: "min-height", severity: .error, name: "Minimum height",
        fix: "make the button at least 30 pt tall",
        hig: "Minimum button height: 30 pt (60 px @2x).",
        subjects: [.image])

    public static let backgroundContrast = LintRule(
        id: "background-contrast", severity: .error, name: "Style against the page",
        fix: "use the white style on dark pages, black or white with outline on light ones",
        hig: "Black: \"don't use it on black or dark backgrounds.\" White: \"on dark backgrounds that provide sufficient contrast.\"",
        subjects: [.request, .image])

    public static let outlineOnDark = LintRule(
        id: "outline-on-dark", severity: .warning, name: "Outline style on a dark page",
        fix: "use the white style on dark or saturated pages",
        hig: "White with outline: \"on white or light-color backgrounds\"; avoid it on dark or saturated backgrounds.",
        subjects: [.request, .image])

    public static let colors = LintRule(
        id: "colors", severity: .error, name: "Colours",
        fix: "draw logo and title in white on black, or black on white",
        hig: "\"Within a button, both items must be either black or white; don't use custom colors.\"",
        subjects: [.image])

    public static let clearSpace = LintRule(
        id: "clear-space", severity: .error, name: "Clear space",
        fix: "leave at least a tenth of the button's height free around it",
        hig: "\"minimum margin ... 1/10 of the button's height\" around the button.",
        subjects: [.request, .image])

    public static let titleSize = LintRule(
        id: "title-size", severity: .warning, name: "Title size",
        fix: "size the title at 43% of the button's height (widen the button if the title is squeezed)",
        hig: "\"the title's font size should be 43% of the button's height\"",
        subjects: [.request, .image])

    public static let rightMargin = LintRule(
        id: "right-margin", severity: .error, name: "Trailing margin",
        fix: "keep at least 8% of the width between the title and the trailing edge",
        hig: "Right margin: \"at least 8% of the button's width\" between the title and the trailing edge.",
        subjects: [.image])

    public static let verticalAlignment = LintRule(
        id: "vertical-alignment", severity: .error, name: "Vertical alignment",
        fix: "centre the logo and the title vertically",
        hig: "Title centred vertically; the logo file's height equals the button's height.",
        subjects: [.image])

    public static let logoProportions = LintRule(
        id: "logo-proportions", severity: .error, name: "Logo",
        fix: "use Apple's logo artwork as is, not cropped or stretched (its ink is 0.81 times as wide as tall)",
        hig: "Use only Apple's logo artwork; never crop it, re-pad it or use it alone as a button.",
        subjects: [.image])

    public static let logoOnlyAspect = LintRule(
        id: "logo-only-aspect", severity: .error, name: "Logo-only shape",
        fix: "make the logo-only button square (mask it to a circle or rounded square if you like)",
        hig: "A logo-only button \"always has a 1:1 aspect ratio\".",
        subjects: [.image])

    public static let logoOnlyMargin = LintRule(
        id: "logo-only-margin", severity: .error, name: "Logo-only margin",
        fix: "keep the logo at least a tenth of the side away from every edge",
        hig: "Logo-only: margin of 1/10 of the button's height around the logo.",
        subjects: [.image])

    public static let prominence = LintRule(
        id: "prominence", severity: .error, name: "Prominence",
        fix: "make the Apple button at least as wide and as tall as the other sign-in buttons",
        hig: "The Apple button is \"no smaller than other sign-in buttons\".",
        subjects: [.request, .image])

    public static let all: [LintRule] = [
        titleWording, minimumWidth, minimumHeight, backgroundContrast, outlineOnDark, colors, clearSpace, titleSize,
        rightMargin, verticalAlignment, logoProportions, logoOnlyAspect, logoOnlyMargin, prominence,
    ]

    public static func rule(id: String) -> LintRule? { all.first { $0.id == id } }
}
