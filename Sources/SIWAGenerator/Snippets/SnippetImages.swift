import SIWAButtons

/// Where the snippets' `<picture>` finds the button's images: PNG for `<img>`, and
/// the `<source>` formats (`OutputFormat.isPictureSource`: WebP) when there are any.
package enum SnippetImages: Sendable, Hashable {
    /// Files of a generated set, relative to the snippet (`prefix` + the set's path);
    /// `sources`: the set's `<source>` formats (those of its formats that are picture sources).
    case files(prefix: String, naming: AssetNaming, sources: [OutputFormat] = [])
    /// An image service speaking Apple's endpoint grammar (this project's HTTP server):
    /// `base` + `/appleid/button?...&scale=2`. `base` is e.g. `https://buttons.example.com`
    /// or empty for the same origin. The URLs are canonical (`ButtonRequest.canonicalTarget`)
    /// and carry `v=version` when one is given.
    case endpoint(base: String, version: String? = nil)

    /// The scales listed in `srcset`.
    package static let scales = [1, 2, 3]

    /// The button shown under `prefers-color-scheme: dark`: the white one without
    /// outline (the HIG's choice for dark backgrounds).
    package static func darkTwin(of spec: ButtonSpec) -> ButtonSpec {
        var dark = spec
        dark.color = .white
        dark.border = false
        return dark
    }

    /// The `<source>` formats there are to offer, in `<picture>` order
    /// (`OutputFormat.pictureSources`): every one from the service, which draws any
    /// format; from a set those it was generated with.
    package var pictureSources: [OutputFormat] {
        switch self {
        case .files(_, _, let sources): OutputFormat.pictureSources.filter(sources.contains)
        case .endpoint: OutputFormat.pictureSources
        }
    }

    /// URL of the image at one scale (not yet HTML-escaped).
    package func url(for spec: ButtonSpec, scale: Int, format: OutputFormat = .default) -> String {
        switch self {
        case .files(let prefix, let naming, _):
            return prefix + Escaping.urlPath(naming.path(for: spec, format: format, scale: scale))
        case .endpoint(let base, let version):
            // canonicalTarget is built from validated values only: no escaping needed.
            return base + ButtonRequest(spec: spec, format: format, scale: scale, version: version).canonicalTarget
        }
    }

    /// `url@1x 1x, url@2x 2x, url@3x 3x`.
    package func srcset(for spec: ButtonSpec, format: OutputFormat = .default) -> String {
        Self.scales.map { "\(url(for: spec, scale: $0, format: format)) \($0)x" }.joined(separator: ", ")
    }
}
