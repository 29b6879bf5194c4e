import SIWAButtons

/// A text file of the set other than the gallery (a snippet, an asset catalog's `Contents.json`, an e-mail
/// fragment), listed with the pages in `manifest.json`. `preset` is nil without `--presets`.
package struct TextFile: Hashable, Sendable {
    package var path: String
    package var text: String
    package var preset: Preset?

    package var bytes: [UInt8] { Array(text.utf8) }
}
