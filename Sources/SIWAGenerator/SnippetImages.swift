import SIWAButtons

/// Where the no-JS snippet's `<img>` finds the button's PNGs.
public enum SnippetImages: Sendable, Hashable {
    /// Files of a generated set, relative to the snippet (`prefix` + the set's path).
    case files(prefix: String, naming: AssetNaming)
    /// An image service speaking Apple's endpoint grammar (this project's HTTP server):
    /// `base` + `/appleid/button?...&scale=2`. `base` is e.g. `https://buttons.example.com`
    /// or empty for the same origin.
    case endpoint(base: String)

    /// The scales listed in `srcset`.
    public static let scales = [1, 2, 3]

    /// The button shown under `prefers-color-scheme: dark`: the white one without
    /// outline (the HIG's choice for dark backgrounds).
    public static func darkTwin(of spec: ButtonSpec) -> ButtonSpec {
        var dark = spec
        dark.color = .white
        dark.border = false
        return dark
    }

    /// URL of the PNG at one scale (not yet HTML-escaped).
    public func url(for spec: ButtonSpec, scale: Int) -> String {
        var scaled = spec
        scaled.scale = scale
        switch self {
        case .files(let prefix, let naming):
            return prefix + Escaping.urlPath(naming.path(for: scaled, format: .png))
        case .endpoint(let base):
            // canonicalTarget is built from validated values only: no escaping needed.
            return base + scaled.canonicalTarget + "&format=png"
        }
    }

    /// `url@1x 1x, url@2x 2x, url@3x 3x`.
    public func srcset(for spec: ButtonSpec) -> String {
        Self.scales.map { "\(url(for: spec, scale: $0)) \($0)x" }.joined(separator: ", ")
    }
}
