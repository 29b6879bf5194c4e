import SIWAButtons

/// Where each file of a set goes:
///
///     center/sign-in/black/en_US/button@2x.png    (PNG, WebP: one file per scale)
///     center/sign-in/black/en_US/button.svg       (SVG, PDF: vector, one file at 1x)
///     logo/white-outline/button@3x.png            (logo only: no type, no locale)
///
/// With more than one size in the set the size joins the name: `button-250x44@2x.png`,
/// `button-250x44r50.svg`, `logo/black/button-44@2x.png`.
public struct AssetNaming: Hashable, Sendable {
    public var includesSize: Bool

    public init(includesSize: Bool = false) {
        self.includesSize = includesSize
    }

    public init(_ config: GeneratorConfiguration) {
        includesSize = config.sizes.count > 1
    }

    /// Folder of a button's files, without a trailing slash.
    public func directory(for spec: ButtonSpec) -> String {
        let style = ButtonStyle(spec).rawValue
        if spec.mode == .logo { return "logo/\(style)" }
        return "\(spec.mode.rawValue)/\(spec.type.rawValue)/\(style)/\(spec.locale.code)"
    }

    /// Relative path of one file; SVG and PDF carry no scale (they are written at 1x).
    public func path(for spec: ButtonSpec, format: OutputFormat) -> String {
        var stem = "button"
        if includesSize {
            let size = ButtonSize(width: spec.width, height: spec.height, radius: spec.borderRadius)
            stem += "-" + (spec.mode == .logo ? size.logoDescription : size.description)
        }
        let suffix = format.isRaster ? "@\(spec.scale)x" : ""
        return "\(directory(for: spec))/\(stem)\(suffix).\(format.fileExtension)"
    }
}
