/// One locale's row of `titles.json`: Apple's code, an English name for pickers, the three
/// titles in logical order (RTL text included), how sure we are of each title (sign-in /
/// continue / sign-up) and where it was seen (from ../shared/spec/labels.md).
struct LabelRow: Sendable, Decodable, Equatable {
    let locale: String
    let name: String
    let signIn: String
    let `continue`: String
    let signUp: String
    let confidence: String
    let sources: String

    struct MissingField: Error, CustomStringConvertible {
        let row: Int, field: String
        var description: String { "row \(row) has no string '\(field)'" }
    }

    /// A row read by `StringTableJSON` (the keys are the property names).
    init(_ object: [String: String], row: Int) throws(MissingField) {
        func field(_ key: String) throws(MissingField) -> String {
            guard let value = object[key] else { throw MissingField(row: row, field: key) }
            return value
        }
        locale = try field("locale")
        name = try field("name")
        signIn = try field("signIn")
        `continue` = try field("continue")
        signUp = try field("signUp")
        confidence = try field("confidence")
        sources = try field("sources")
    }
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
            return try StringTableJSON.objects(PackageResources.titles_json).enumerated().map { try LabelRow($1, row: $0) }
        } catch {
            // Built in and decoded by the tests: only a broken build gets here.
            fatalError("Locale/titles.json: \(error)")
        }
    }()
}
