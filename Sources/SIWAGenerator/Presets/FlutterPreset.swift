import SIWAButtons

/// Flutter's resolution-aware assets: `assets/siwa/NAME.png` at 1x, and the same
/// name in `2.0x/` and `3.0x/` beside it, which Flutter picks by device pixel ratio;
/// and the pubspec fragment that lists the folder.
struct FlutterPreset: ButtonByButtonLayout {
    static let preset = Preset.flutter
    static let folder = "assets/siwa"
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    var setFiles: [TextFile] { [TextFile(path: "pubspec-fragment.yaml", text: Self.pubspecFragment)] }

    func files(for variant: ButtonSpec) -> PresetFiles {
        PresetFiles(
            assets: [(1, ""), (2, "2.0x/"), (3, "3.0x/")].map { scale, variantFolder in
                Asset(spec: variant, format: .png, path: "\(Self.folder)/\(variantFolder)\(name(variant)).png", scale: scale)
            })
    }

    /// Listing the folder takes in its variant folders too.
    static let pubspecFragment = """
        # Copy assets/ into your app and merge this into its pubspec.yaml; then
        # Image.asset('assets/siwa/NAME.png') picks the 2.0x/ or 3.0x/ file by itself.
        flutter:
          assets:
            - assets/siwa/

        """
}
