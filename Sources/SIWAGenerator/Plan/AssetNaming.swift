import SIWAButtons

/// How the web layout names its files (`--naming`).
package enum Naming: String, CaseIterable, Sendable {
    /// Folders per mode, type, style and locale; every file is `button*`.
    case nested
    /// One folder, descriptive names that survive being dragged out of it:
    /// `siwa-sign-in-black-en_US-250x44@2x.png` (the editor's download names).
    case flat
}

/// Where each file of a set goes:
///
///     center/sign-in/black/en_US/button@2x.png    (PNG, WebP: one file per scale)
///     center/sign-in/black/en_US/button.svg       (SVG, PDF, VectorDrawable .xml: vector, one file at 1x)
///     logo/white-outline/button@3x.png            (logo only: no type, no locale)
///
/// With more than one size in the set the size joins the name: `button-250x44@2x.png`,
/// `button-250x44r50.svg`, `logo/black/button-44@2x.png`.
///
/// Flat (`--naming flat`): `siwa-sign-in-black-en_US-250x44@2x.png`,
/// `siwa-left-continue-white-de_DE-250x44.svg`, `siwa-logo-black-44@2x.png`, always
/// with the size, so two sets' files never share a name.
package struct AssetNaming: Hashable, Sendable {
    package var includesSize: Bool
    package var flat: Bool

    package init(includesSize: Bool = false, flat: Bool = false) {
        self.includesSize = includesSize
        self.flat = flat
    }

    package init(_ config: GeneratorConfiguration) {
        includesSize = config.sizes.count > 1
        flat = config.naming == .flat
    }

    /// Folder of a button's files, without a trailing slash.
    package func directory(for spec: ButtonSpec) -> String {
        if flat { return "" }
        let style = ButtonStyle(spec).rawValue
        if spec.mode == .logo { return "logo/\(style)" }
        return "\(spec.mode.rawValue)/\(spec.type.rawValue)/\(style)/\(spec.locale.code)"
    }

    /// Relative path of one file at a scale; SVG, PDF and VectorDrawable carry no scale
    /// (they are written at 1x).
    package func path(for spec: ButtonSpec, format: OutputFormat, scale: Int) -> String {
        let suffix = format.isRaster ? "@\(scale)x" : ""
        if flat {
            return Self.stem(spec, size: true, locale: true).joined(separator: "-") + "\(suffix).\(format.fileExtension)"
        }
        var stem = "button"
        if includesSize {
            let size = ButtonSize(width: spec.width, height: spec.height, radius: spec.borderRadius)
            stem += "-" + (spec.mode == .logo ? size.logoDescription : size.description)
        }
        return "\(directory(for: spec))/\(stem)\(suffix).\(format.fileExtension)"
    }

    /// The descriptive name of a button, word by word: `siwa`, the mode unless centred
    /// (the default), type, style, locale, size (`250x44`, `250x44r50`; the logo-only
    /// button: `logo`, style, side). Platform layouts join and case it by their rules
    /// and leave out the size or locale where a folder or a single value makes it implicit.
    package static func stem(_ spec: ButtonSpec, size: Bool, locale: Bool) -> [String] {
        let dimensions = ButtonSize(width: spec.width, height: spec.height, radius: spec.borderRadius)
        let style = ButtonStyle(spec).rawValue
        if spec.mode == .logo {
            return ["siwa", "logo", style] + (size ? [dimensions.logoDescription] : [])
        }
        return ["siwa"] + (spec.mode == .center ? [] : [spec.mode.rawValue]) + [spec.type.rawValue, style]
            + (locale ? [spec.locale.code] : []) + (size ? [dimensions.description] : [])
    }
}
