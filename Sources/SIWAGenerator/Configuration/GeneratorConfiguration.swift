import SIWAButtons

/// What `siwa-buttons generate` produces: the button matrix and the web-flow settings.
/// Built from defaults, then a YAML file, then flags (see `ConfigurationOverrides`).
package struct GeneratorConfiguration: Sendable, Equatable {
    package var modes: [ButtonSpec.Mode] = ButtonSpec.Mode.allCases
    package var types: [ButtonSpec.Kind] = ButtonSpec.Kind.allCases
    package var styles: [ButtonStyle] = ButtonStyle.allCases
    package var locales: [ButtonLocale] = [.default]
    package var sizes: [ButtonSize] = [.default]
    package var scales: [Int] = [1, 2, 3]
    package var formats: [OutputFormat] = [.png, .svg]
    /// Whether `formats` was asked for (file or flags): without, each preset takes its
    /// own default formats (`Preset.defaultFormats`).
    package var formatsAskedFor = false
    /// `--formats best`: each preset its best vector and its rasters (`Preset.bestFormats`).
    package var formatsBest = false
    /// Platform layouts; empty: today's web layout at the root of the set.
    package var presets: [Preset] = []
    /// Names of the web layout's files.
    package var naming: Naming = .nested
    /// The iOS catalog's imagesets: one per button, localized (the default), or one per locale.
    package var imagesets: ImagesetNaming = .localized
    /// Formats Apple's titles are written in (`--strings`); empty: none.
    package var strings: [StringsFormat] = []
    /// `--strings all`: each chosen preset its platform's format (all four without presets).
    package var stringsAll = false
    /// Client id, redirect URI, scope, popup. The snippets are written only when the
    /// client id and redirect URI are known: a snippet without them cannot work.
    package var web = WebFlowOptions()
    /// Folder whose templates replace the built-in ones (file by file).
    package var templates: String?
    /// The `v=` token of the service the set's image URLs are for (`serve --cache-version`):
    /// written at the end of every `endpoint` URL of the manifest and the gallery.
    package var cacheVersion: String?

    package init() {}

    /// The formats a preset takes in this set: `--formats` is the union over the presets,
    /// each takes those it holds (in the order asked), as its layout narrows them
    /// (`PresetLayout.formats(taking:)`). Without `--formats`, each its defaults.
    package func formats(for preset: Preset) -> [OutputFormat] {
        if formatsBest { return preset.bestFormats }
        guard formatsAskedFor || preset == .web else { return preset.defaultFormats }
        // Without presets the set is the web layout and takes the list as it is (checkPresets refuses the rest).
        guard !presets.isEmpty else { return formats }
        return PresetRegistry.layout(for: preset).formats(taking: formats.filter(preset.formats.contains))
    }

    /// The strings formats the set writes: as asked without presets; with presets, `all`
    /// gives each chosen preset its own (`checkPresets` refuses a format no preset holds).
    package var stringFormats: [StringsFormat] {
        guard stringsAll && !presets.isEmpty else { return strings }
        return StringsFormat.allCases.filter { presets.contains($0.preset) }
    }

    /// The web layout's formats: at the root without presets, under `web/` with them.
    package var webFormats: [OutputFormat] { formats(for: .web) }

    /// The button the snippets show: the first mode, type, style, locale and size listed.
    package var snippetButton: ButtonSpec {
        sizes[0].spec(mode: modes[0], type: types[0], style: styles[0], locale: locales[0])
    }
}

/// A button size in points with its corner radius (percent of the height, as Apple's
/// `border_radius`). The logo-only button is the square of the height.
package struct ButtonSize: Hashable, Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int
    package var radius: Int

    package init(width: Int, height: Int, radius: Int = ButtonSize.defaultRadius) {
        self.width = width
        self.height = height
        self.radius = radius
    }

    /// Apple's default `border_radius`.
    package static let defaultRadius = Parameter.borderRadius.defaultValue

    /// 44 pt is the height the HIG recommends; 250 pt keeps every English title at
    /// the HIG's 43% font size (narrower buttons shrink the longer titles).
    package static let `default` = ButtonSize(width: 250, height: 44)

    /// `250x44`, or `250x44r50` when the radius is not Apple's default: the flag syntax.
    package var description: String {
        "\(width)x\(height)" + (radius == ButtonSize.defaultRadius ? "" : "r\(radius)")
    }

    /// The same in the logo-only mode, which only has a side: `44`, `44r50`.
    package var logoDescription: String {
        "\(height)" + (radius == ButtonSize.defaultRadius ? "" : "r\(radius)")
    }

    /// The button of this size.
    package func spec(mode: ButtonSpec.Mode, type: ButtonSpec.Kind, style: ButtonStyle, locale: ButtonLocale) -> ButtonSpec {
        if mode == .logo {
            return ButtonSpec(mode: .logo, color: style.color, border: style.border, borderRadius: radius, size: height)
        }
        return ButtonSpec(
            mode: mode, type: type, color: style.color, border: style.border, borderRadius: radius,
            locale: locale, width: width, height: height)
    }
}
