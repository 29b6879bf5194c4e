import SIWAButtons

extension GeneratorConfiguration {
    /// The presets and formats fit together. `--formats` is the union over the presets:
    /// each format asked for must be one some chosen preset holds, and each preset must
    /// take at least one of them. Without `--presets` the set is the web layout, which
    /// must hold every format asked for. The e-mail fragments need the client id and
    /// redirect URI their link needs (`PresetLayout.needsWebFlow`).
    package func checkPresets() throws(ConfigurationError) {
        if presets.isEmpty {
            if let format = webFormats.first(where: { !Preset.web.formats.contains($0) }) {
                throw ConfigurationError(
                    field: "--formats",
                    "the web layout (no --presets) cannot hold '\(format.rawValue)': it holds "
                        + Preset.web.formats.map(\.rawValue).joined(separator: ", ") + "; pass --presets android for VectorDrawables")
            }
        } else if formatsAskedFor && !formatsBest {
            if let format = formats.first(where: { format in !presets.contains { $0.formats.contains(format) } }) {
                let holders = Preset.allCases.filter { $0.formats.contains(format) }.map(\.rawValue)
                throw ConfigurationError(
                    field: "--formats",
                    "no chosen preset (\(presets.map(\.rawValue).joined(separator: ", "))) "
                        + "holds '\(format.rawValue)': \(holders.joined(separator: ", ")) \(holders.count == 1 ? "does" : "do")")
            }
            if let idle = presets.first(where: { formats(for: $0).isEmpty }) {
                throw ConfigurationError(
                    field: "--formats",
                    "preset '\(idle.rawValue)' holds none of "
                        + formats.map(\.rawValue).joined(separator: ", ") + ": it holds "
                        + idle.formats.map(\.rawValue).joined(separator: ", "))
            }
        }
        if !presets.isEmpty && !strings.isEmpty {
            if stringsAll, stringFormats.isEmpty {
                throw ConfigurationError(
                    field: "--strings",
                    "no chosen preset (\(presets.map(\.rawValue).joined(separator: ", "))) holds "
                        + "titles: " + StringsFormat.allCases.map { "\($0.preset.rawValue) holds \($0.rawValue)" }.joined(separator: ", "))
            }
            if !stringsAll, let format = strings.first(where: { !presets.contains($0.preset) }) {
                throw ConfigurationError(
                    field: "--strings",
                    "no chosen preset (\(presets.map(\.rawValue).joined(separator: ", "))) "
                        + "holds '\(format.rawValue)': \(format.preset.rawValue) does")
            }
        }
        for preset in presets {
            if let reason = PresetRegistry.layout(for: preset).needsWebFlow, (try? web.settings()) == nil {
                throw ConfigurationError(field: "--presets", "'\(preset.rawValue)' needs --client-id and --redirect-uri: " + reason)
            }
        }
    }

    /// What each preset takes, for the run's summary: `ios: pdf; android: png, vectordrawable`.
    package var formatsByPreset: String {
        (presets.isEmpty ? [Preset.web] : presets)
            .map { "\($0.rawValue): " + formats(for: $0).map(\.rawValue).joined(separator: ", ") }
            .joined(separator: "; ")
    }
}
