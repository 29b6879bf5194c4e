import Testing
@testable import SIWAGenerator

/// `GeneratorField` is the one list of the generator's options: every case is a YAML
/// key, its byte limit is the one checked and the one the schema states. (Its flag on
/// `generate` and its export parameter: `GenerateFieldFlagsTests`, `ExportEndpointTests`.)
@Suite struct GeneratorFieldTests {
    @Test("Every field is a YAML key: none is refused as unknown, and its errors name it")
    func everyFieldIsAKey() {
        for field in GeneratorField.allCases {
            do {
                _ = try ConfigurationFile.parse("\(field.rawValue): '%'\n")
            } catch {
                #expect(!error.message.hasPrefix("unknown field"), "\(field): \(error)")
                #expect(error.source == field, "\(field): \(error)")
            }
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse("colour: black\n") }
    }

    @Test("The web-flow schema states each field's byte limit, and its names are the fields'")
    func schemaStatesTheLimits() {
        for entry in WebFlowSettings.schemaFields where entry.name != "base-url" {
            let field = GeneratorField(rawValue: entry.name)
            #expect(field != nil, "\(entry.name) is no generator field")
            #expect(entry.maxBytes == field?.maxBytes, "\(entry.name)")
        }
    }

    @Test("A value one byte past a field's limit is refused naming the limit; one at it is not refused for its length")
    func limitsAreChecked() throws {
        for field in GeneratorField.allCases {
            guard let limit = field.maxBytes else { continue }
            let prefix = field == .redirectURI ? "https://example.com/" : ""
            var overrides = ConfigurationOverrides()
            let over = prefix + String(repeating: "a", count: limit + 1 - prefix.utf8.count)
            #expect(throws: ConfigurationError(field: field.flag, "is longer than \(limit) bytes", source: field)) {
                try overrides.setValue(field, over, label: field.flag)
            }
            try overrides.setValue(field, String(over.dropLast()), label: field.flag)
        }
    }
}
