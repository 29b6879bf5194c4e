import SIWAButtons

/// React Native's density suffixes: `NAME.png`, `NAME@2x.png`, `NAME@3x.png` side by
/// side, which `require('./NAME.png')` picks from by the device's pixel ratio.
struct ReactNativePreset: ButtonByButtonLayout {
    static let preset = Preset.reactNative
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    func files(for variant: ButtonSpec) -> PresetFiles {
        PresetFiles(
            assets: [1, 2, 3].map { scale in
                Asset(spec: variant, format: .png, path: name(variant) + (scale == 1 ? "" : "@\(scale)x") + ".png", scale: Double(scale))
            })
    }
}
