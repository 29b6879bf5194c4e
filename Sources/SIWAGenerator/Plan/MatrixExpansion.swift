import SIWAButtons

extension GeneratorConfiguration {
    /// Every distinct button of the matrix, in configuration order:
    /// mode x type x style x locale x size. The logo-only button has no type or
    /// locale and uses the height of each size as its side, so it comes once per
    /// style and side.
    package var variants: [ButtonSpec] {
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
    package func assets(extra: [Asset] = []) -> [Asset] {
        let naming = AssetNaming(self)
        var byPath: [String: Asset] = [:]
        for variant in variants {
            for format in webFormats {
                for scale in format.isRaster ? scales : [1] {
                    let path = naming.path(for: variant, format: format, scale: scale)
                    byPath[path] = Asset(spec: variant, format: format, path: path, scale: Double(scale))
                }
            }
        }
        for asset in extra { byPath[asset.path] = asset }
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// The images the snippets link: their button and the white twin shown under
    /// `prefers-color-scheme: dark`, at 1x, 2x and 3x (for `srcset`), whether or not
    /// the matrix has them; PNG, and WebP too when the set has WebP.
    package var snippetAssets: [Asset] {
        let naming = AssetNaming(self)
        let light = snippetButton
        return [light, SnippetImages.darkTwin(of: light)].flatMap { base in
            snippetFormats.flatMap { format in
                SnippetImages.scales.map { scale in
                    Asset(spec: base, format: format, path: naming.path(for: base, format: format, scale: scale), scale: Double(scale))
                }
            }
        }
    }

    /// PNG for the snippets' `<img>`, and the `<source>` formats the set has (WebP).
    package var snippetFormats: [OutputFormat] {
        [.default] + snippetSources
    }

    /// Where the snippets find this set's images.
    package func snippetImages(prefix: String = "") -> SnippetImages {
        .files(prefix: prefix, naming: AssetNaming(self), sources: snippetSources)
    }

    /// The set's formats the snippets offer as `<source>` (`OutputFormat.isPictureSource`).
    private var snippetSources: [OutputFormat] { webFormats.filter(\.isPictureSource) }
}
