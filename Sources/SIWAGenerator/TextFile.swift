import SIWAButtons

/// A text file of the set other than the gallery (a snippet, an asset catalog's `Contents.json`, an e-mail
/// fragment), listed with the pages in `manifest.json`. `preset` is nil without `--presets`.
public struct TextFile: Hashable, Sendable {
    public var path: String
    public var text: String
    public var preset: Preset?

    public var bytes: [UInt8] { Array(text.utf8) }
}
