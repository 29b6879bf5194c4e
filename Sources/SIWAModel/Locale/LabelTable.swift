import Foundation

/// One locale's row of `titles.json`: Apple's code, an English name for pickers, the three
/// titles in logical order (RTL text included), how sure we are of each title (sign-in /
/// continue / sign-up) and where it was seen (from ../shared/spec/labels.md).
struct LabelRow: Sendable, Decodable {
    let locale: String
    let name: String
    let signIn: String
    let `continue`: String
    let signUp: String
    let confidence: String
    let sources: String
}

/// The 37 x 3 localized button titles, as data: `Locale/titles.json`, embedded in the
/// binary when it is built (nothing to find at run time). The same file is read by
/// scripts/subset_fonts.py (the fonts are subset to its characters), the contact sheet
/// and, through `GET /api/schema`, the editor. A user who finds a title wrong replaces
/// it without a release: `--labels FILE` (`TitleTable`; the renderer's table is what
/// every front end shows).
enum LabelTable {
    static let rows: [LabelRow] = {
        do {
            return try JSONDecoder().decode([LabelRow].self, from: Data(PackageResources.titles_json))
        } catch {
            // Built in and decoded by the tests: only a broken build gets here.
            fatalError("Locale/titles.json: \(error)")
        }
    }()
}
