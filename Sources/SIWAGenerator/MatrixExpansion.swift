import SIWAButtons

/// One file to write: a button at one scale in one format, and its path in the set.
public struct Asset: Hashable, Sendable {
    /// The button, with the scale of this file (1 for the vector formats); for a
    /// fractional density (Android's hdpi), the whole scale above it.
    public var spec: ButtonSpec
    public var format: OutputFormat
    public var path: String
    /// Pixels per point: `spec.scale`, except for Android's hdpi (1.5).
    public var pixelScale: Double
    /// The platform layout the file belongs to; nil without `--presets`.
    public var preset: Preset?
    /// The button of the matrix (at 1x) this file ships for, where that is not its own
    /// button: a platform layout's dark look (an iOS `-dark` image, an Android
    /// `-night` one) ships for the light button it replaces in dark mode.
    public var shipsFor: ButtonSpec?

    public init(spec: ButtonSpec, format: OutputFormat, path: String, pixelScale: Double? = nil, preset: Preset? = nil) {
        self.spec = spec
        self.format = format
        self.path = path
        self.pixelScale = pixelScale ?? Double(spec.scale)
        self.preset = preset
    }

    public var style: ButtonStyle { ButtonStyle(spec) }

    /// Pixel size for PNG (the canvas rounds half up, as Android scales); the size in
    /// points for the vector formats.
    public var pixelWidth: Int { format.isRaster ? Int((Double(spec.width) * pixelScale).rounded()) : spec.width }
    public var pixelHeight: Int { format.isRaster ? Int((Double(spec.height) * pixelScale).rounded()) : spec.height }
}

extension GeneratorConfiguration {
    /// Every distinct button of the matrix at 1x, in configuration order:
    /// mode x type x style x locale x size. The logo-only button has no type or
    /// locale and uses the height of each size as its side, so it comes once per
    /// style and side.
    public var variants: [ButtonSpec] {
        var seen = Set<ButtonSpec>()
        var out: [ButtonSpec] = []
        for mode in modes {
            let kinds = mode == .logo ? [types[0]] : types
            let langs = mode == .logo ? [locales[0]] : locales
            for type in kinds {
                for style in styles {
                    for locale in langs {
                        for size in sizes {
                            let spec = size.spec(mode: mode, type: type, style: style, locale: locale)
                            if seen.insert(spec).inserted { out.append(spec) }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The files of the matrix plus `extra` buttons, sorted by path. PNG and WebP come at
    /// each scale; SVG and PDF are vector and come once, at 1x (scale only multiplies
    /// their user units).
    public func assets(extra: [Asset] = []) -> [Asset] {
        let naming = AssetNaming(self)
        var byPath: [String: Asset] = [:]
        for variant in variants {
            for format in webFormats {
                for scale in format.isRaster ? scales : [1] {
                    var spec = variant
                    spec.scale = scale
                    let path = naming.path(for: spec, format: format)
                    byPath[path] = Asset(spec: spec, format: format, path: path)
                }
            }
        }
        for asset in extra { byPath[asset.path] = asset }
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// The images the snippets link: their button and the white twin shown under
    /// `prefers-color-scheme: dark`, at 1x, 2x and 3x (for `srcset`), whether or not
    /// the matrix has them; PNG, and WebP too when the set has WebP.
    public var snippetAssets: [Asset] {
        let naming = AssetNaming(self)
        let light = snippetButton
        return [light, SnippetImages.darkTwin(of: light)].flatMap { base in
            snippetFormats.flatMap { format in
                SnippetImages.scales.map { scale in
                    var spec = base
                    spec.scale = scale
                    return Asset(spec: spec, format: format, path: naming.path(for: spec, format: format))
                }
            }
        }
    }

    /// PNG for the snippets' `<img>`, and the `<source>` formats the set has (WebP).
    public var snippetFormats: [OutputFormat] {
        [.default] + snippetSources
    }

    /// Where the snippets find this set's images.
    public func snippetImages(prefix: String = "") -> SnippetImages {
        .files(prefix: prefix, naming: AssetNaming(self), sources: snippetSources)
    }

    /// The set's formats the snippets offer as `<source>` (`OutputFormat.isPictureSource`).
    private var snippetSources: [OutputFormat] { webFormats.filter(\.isPictureSource) }
}
