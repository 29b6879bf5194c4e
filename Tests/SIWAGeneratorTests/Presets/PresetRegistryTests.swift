import Testing
@testable import SIWAGenerator
import SIWAButtons

@Suite("Preset registry")
struct PresetRegistryTests {
    @Test("Every preset of the model has exactly one layout in PresetRegistry.layouts, and each layout a preset")
    func everyPresetHasOneLayout() {
        let registered = PresetRegistry.layouts.map { $0.preset }
        #expect(registered.sorted { $0.rawValue < $1.rawValue } == Preset.allCases.sorted { $0.rawValue < $1.rawValue })
        for preset in Preset.allCases {
            #expect(PresetRegistry.layout(for: preset).preset == preset)
        }
    }

    @Test("A layout narrows the formats it holds: iOS takes one PDF over PNGs, the others all they hold")
    func formatsTaken() {
        #expect(PresetRegistry.layout(for: .ios).formats(taking: [.png, .pdf]) == [.pdf])
        #expect(PresetRegistry.layout(for: .ios).formats(taking: [.png]) == [.png])
        #expect(PresetRegistry.layout(for: .android).formats(taking: [.png, .vectorDrawable]) == [.png, .vectorDrawable])
        #expect(PresetRegistry.layout(for: .web).formats(taking: [.webp, .svg]) == [.webp, .svg])
    }

    @Test("Only the e-mail preset needs the web-flow settings")
    func webFlow() {
        #expect(Preset.allCases.filter { PresetRegistry.layout(for: $0).needsWebFlow != nil } == [.email])
    }

    @Test("The web layout comes first, and alone (at the root) without --presets")
    func order() {
        var config = GeneratorConfiguration()
        #expect(PresetRegistry.presets(of: config) == [.web])
        config.presets = [.ios, .web, .email]
        #expect(PresetRegistry.presets(of: config) == [.web, .ios, .email])
    }
}
