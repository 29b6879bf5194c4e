import SIWAButtons

/// One file to write: a button at one scale in one format, and its path in the set.
package struct Asset: Hashable, Sendable {
    /// The button, in points.
    package var spec: ButtonSpec
    package var format: OutputFormat
    package var path: String
    /// Pixels per point: a whole 1, 2, 3... or a density between (Android's hdpi, 1.5);
    /// 1 for the vector formats.
    package var scale: Double
    /// The platform layout the file belongs to; nil without `--presets`.
    package var preset: Preset?
    /// The button of the matrix this file ships for, where that is not its own
    /// button: a platform layout's dark look (an iOS `-dark` image, an Android
    /// `-night` one) ships for the light button it replaces in dark mode.
    package var shipsFor: ButtonSpec?

    package init(spec: ButtonSpec, format: OutputFormat, path: String, scale: Double = 1, preset: Preset? = nil) {
        self.spec = spec
        self.format = format
        self.path = path
        self.scale = scale
        self.preset = preset
    }

    package var style: ButtonStyle { ButtonStyle(spec) }

    /// The same image from the HTTP API or `siwa-buttons render`: at a fractional density
    /// (Android's hdpi, 1.5) the whole scale above it (2), the nearest image Apple's
    /// grammar can ask for.
    package var request: ButtonRequest { ButtonRequest(spec: spec, format: format, scale: Int(scale.rounded(.up))) }

    /// Pixel size for PNG (the canvas rounds half up, as Android scales); the size in
    /// points for the vector formats.
    package var pixelWidth: Int { format.isRaster ? Int((Double(spec.width) * scale).rounded()) : spec.width }
    package var pixelHeight: Int { format.isRaster ? Int((Double(spec.height) * scale).rounded()) : spec.height }
}
