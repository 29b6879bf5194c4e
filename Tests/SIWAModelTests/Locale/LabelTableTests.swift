import Foundation
import Testing
@testable import SIWAModel

@Suite("titles.json reader")
struct LabelTableTests {
    @Test("The start-up reader gives exactly what JSONDecoder gives on titles.json")
    func sameAsJSONDecoder() throws {
        let decoded = try JSONDecoder().decode([LabelRow].self, from: Data(PackageResources.titles_json))
        #expect(LabelTable.rows == decoded)
        #expect(decoded.count == 37)
    }

    @Test("Escapes, surrogate pairs and space as JSONDecoder reads them")
    func escapes() throws {
        let json = #" [ {"a": "x\"y\\z\/\b\f\n\r\t", "b": "\u00a0\u05D0\uD83D\uDE00 é" } , {} ] "#
        let expected = try JSONDecoder().decode([[String: String]].self, from: Data(json.utf8))
        #expect(try StringTableJSON.objects(Array(json.utf8)) == expected)
        #expect(try StringTableJSON.objects(Array("[]".utf8)).isEmpty)
    }

    @Test(
        "Malformed input is an error, not a crash",
        arguments: [
            "", "[", "[{]", #"[{"a"}]"#, #"[{"a": 1}]"#, #"[{"a": "b"]"#, #"["a"]"#, #"[{"a": "\u12"}]"#,
            #"[{"a": "\uD83D"}]"#, #"[{"a": "\q"}]"#, "[{\"a\": \"\n\"}]", "[] x", #"[{"a": "b",}]"#, #"[{"a": "\u+abc"}]"#,
        ])
    func malformed(json: String) {
        #expect(throws: StringTableJSON.SyntaxError.self) { try StringTableJSON.objects(Array(json.utf8)) }
    }

    @Test("A row without a field names it")
    func missingField() {
        #expect(throws: LabelRow.MissingField.self) { try LabelRow(["locale": "en_US"], row: 3) }
    }
}
