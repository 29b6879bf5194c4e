import SIWAButtons

/// Every preset's layout: with the preset's case in the model's `Preset` (name,
/// summary, formats), the one place to add a preset. `PresetRegistryTests` checks that
/// each case has exactly one layout here.
enum PresetRegistry {
    static var layouts: [any PresetLayout.Type] {
        [
            WebPreset.self, IOSPreset.self, AndroidPreset.self, FlutterPreset.self, ReactNativePreset.self, EmailPreset.self,
        ]
    }

    static func layout(for preset: Preset) -> any PresetLayout.Type {
        guard let layout = layouts.first(where: { $0.preset == preset }) else {
            preconditionFailure("no layout for preset '\(preset.rawValue)' in PresetRegistry.layouts")
        }
        return layout
    }

    /// The preset's layout of this set. `templates` is nil only when counting files.
    static func layout(
        _ preset: Preset, of configuration: GeneratorConfiguration, titles: TitleTable,
        web: WebFlowSettings?, snippets: Bool, templates: TemplateSet?
    ) -> any PresetLayout {
        layout(for: preset).init(
            PresetContext(
                configuration: configuration, formats: configuration.formats(for: preset),
                titles: titles, web: web, snippets: snippets, templates: templates))
    }

    /// The layouts a set is made of, in the order their text files are listed: without
    /// `--presets` the web layout alone (at the set's root), else web first, then the
    /// others as asked.
    static func presets(of configuration: GeneratorConfiguration) -> [Preset] {
        let presets = configuration.presets
        return presets.isEmpty ? [.web] : presets.filter { $0 == .web } + presets.filter { $0 != .web }
    }
}
