import SIWAButtons

extension GeneratorConfiguration {
    /// The presets and formats fit together: every format asked for is one each preset
    /// can hold (e-mail clients show no SVG; Android draws no PDF), and the e-mail
    /// fragments have the client id and redirect URI their link needs. Without
    /// `--presets` the set is the web layout, so the same rule holds for it.
    public func checkPresets() throws(ConfigurationError) {
        let presets = self.presets.isEmpty ? [Preset.web] : self.presets
        for preset in presets {
            let holds = Set(preset.formats)
            if let format = formats(for: preset).first(where: { !holds.contains($0) }) {
                let layout = self.presets.isEmpty ? "the web layout (no --presets)" : "preset '\(preset.rawValue)'"
                throw ConfigurationError(field: "--formats", "\(layout) cannot hold '\(format.rawValue)': it holds "
                    + preset.formats.map(\.rawValue).joined(separator: ", "))
            }
        }
        if presets.contains(.email), (try? web.settings()) == nil {
            throw ConfigurationError(field: "--presets", "'email' needs --client-id and --redirect-uri: "
                + "each e-mail button links to Apple's sign-in page")
        }
    }
}
