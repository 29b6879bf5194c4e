import Foundation

/// JSON as Xcode writes it (asset catalogs, String Catalogs; ARB and titles.json alike):
/// pretty-printed, `"key" : value`, two-space indent, final newline, keys sorted (reruns
/// are byte-identical).
enum XcodeJSON {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail.
        return String(decoding: try! encoder.encode(value), as: UTF8.self) + "\n"
    }
}
