import Foundation
import SIWAModel
import Testing

/// `schema.presets`: what the editor's preset picker and the ZIP export are built from.
@Suite struct PresetSchemaTests {
    @Test("Every preset with the formats it can hold and its defaults, as JSON {name, summary, formats, defaultFormats, bestFormats}")
    func presetsInTheSchema() throws {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ButtonSchema())) as! [String: Any]
        let presets = try #require(json["presets"] as? [[String: Any]])
        #expect(presets.map { $0["name"] as? String } == ["web", "ios", "android", "flutter", "react-native", "email"])
        #expect(
            presets.allSatisfy {
                Set($0.keys) == ["name", "summary", "formats", "defaultFormats", "bestFormats"]
                    && !(($0["summary"] as? String) ?? "").isEmpty
            })
        let formats = Dictionary(uniqueKeysWithValues: presets.map { ($0["name"] as! String, $0["formats"] as! [String]) })
        #expect(formats["email"] == ["png"] && formats["android"] == ["png", "vectordrawable"] && formats["ios"] == ["png", "pdf"])
        // Each preset's formats are formats of the schema, and its defaults among them.
        let known = Set(OutputFormat.allCases.map(\.rawValue))
        #expect(formats.values.allSatisfy { Set($0).isSubset(of: known) })
        #expect(
            Preset.allCases.allSatisfy {
                Set($0.defaultFormats).isSubset(of: Set($0.formats)) && Set($0.bestFormats).isSubset(of: Set($0.formats))
            })
        let defaults = Dictionary(uniqueKeysWithValues: presets.map { ($0["name"] as! String, $0["defaultFormats"] as! [String]) })
        #expect(defaults["ios"] == ["png"] && defaults["android"] == ["png", "vectordrawable"] && defaults["web"] == ["png", "svg"])
    }
}
