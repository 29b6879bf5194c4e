import SIWAButtons

/// The numbers of Apple's rules, and the tolerances with which measured buttons are held
/// to them (Apple's own images pass: see SIWALintTests).
enum HIGNumbers {
    static let minimumWidth = Double(ButtonSchema.HIG.minimumWidth)
    static let minimumHeight = Double(ButtonSchema.HIG.minimumHeight)
    /// Title font size as a share of the height.
    static let titleShare = 0.43
    /// Below this share the title is visibly squeezed. Apple's service, like ours, shrinks
    /// the title when the width limits it (to 31% in Apple's 250 x 64 pt "Continue with
    /// Apple"), so this is a warning, and only well below that.
    static let titleShareLow = 0.28
    /// Above this share the title is visibly larger than Apple's. Measured from the ink,
    /// whose height per em varies with the script (Thai's marks reach 0.57 at 43%).
    static let titleShareHigh = 0.60
    /// Trailing margin as a share of the width.
    static let rightMarginShare = 0.08
    /// The logo's ink width / height (SF's U+F8FF, Apple's logo files): our outline's.
    static let logoAspect = AppleLogoPath.aspect
    /// Clear space (and the logo-only button's margin) as a share of the height.
    static let marginShare = 0.1
    /// Below this contrast between the button's face and the page the button's edge
    /// disappears (WCAG's 3:1 for graphical objects).
    static let minimumContrast = 3.0
}
