import Foundation
import Testing
@testable import SIWAModel

/// The schema is the parser's rules as data: every range, value and default it states is
/// what `ButtonRequest.parse` does, and the docs' table is the schema's.
@Suite struct SchemaTests {
    static let schema = ButtonSchema()

    static func parses(_ endpoint: String, _ name: String, _ value: String) -> Bool {
        (try? ButtonRequest.parse(path: endpoint, query: "\(name)=\(value)")) != nil
    }

    @Test("Every parameter's bounds, values and endpoints are the parser's")
    func parameters() {
        #expect(Self.schema.parameters.map(\.name) == Parameter.allCases.map(\.name) + ["format", "v"])
        for entry in Self.schema.parameters {
            for endpoint in Endpoint.allCases {
                let takes = entry.endpoints.contains(endpoint.path)
                let sample = entry.minimum.map(String.init) ?? entry.values?.first ?? (entry.type == "boolean" ? "true" : "x1")
                #expect(Self.parses(endpoint.path, entry.name, sample) == takes, "\(entry.name) on \(endpoint.path)")
                guard takes else { continue }
                if let min = entry.minimum, let max = entry.maximum {
                    #expect(Self.parses(endpoint.path, entry.name, String(max)), "\(entry.name)")
                    #expect(!Self.parses(endpoint.path, entry.name, String(max + 1)), "\(entry.name)")
                    #expect(min == 0 || !Self.parses(endpoint.path, entry.name, String(min - 1)), "\(entry.name)")
                }
                for value in entry.values ?? [] {
                    #expect(Self.parses(endpoint.path, entry.name, value), "\(entry.name)=\(value)")
                }
                if entry.values != nil { #expect(!Self.parses(endpoint.path, entry.name, "no-such-value")) }
            }
        }
    }

    @Test("Defaults are what a request without the parameter gives")
    func defaults() throws {
        for endpoint in Endpoint.allCases {
            let request = try ButtonRequest.parse(path: endpoint.path, query: nil)
            for parameter in endpoint.parameters {
                let entry = try #require(Self.schema.parameters.first { $0.name == parameter.name })
                #expect(entry.default == parameter.typedValue(in: request), "\(parameter.name) on \(endpoint.path)")
            }
        }
        #expect(Self.schema.endpoints.map(\.parameters) == Endpoint.allCases.map { $0.parameters.map(\.name) })
    }

    @Test("Locales carry the renderer's titles, replaced ones included")
    func locales() throws {
        #expect(Self.schema.locales.map(\.code) == ButtonLocale.all.map(\.code))
        let arabic = try #require(Self.schema.locales.first { $0.code == "ar_SA" })
        #expect(arabic.direction == "rtl" && arabic.language == "ar-SA")
        let table = try TitleTable(overrides: ["de_DE": ["sign-in": "Anmelden mit Apple"]])
        let german = try #require(ButtonSchema(titles: table).locales.first { $0.code == "de_DE" })
        #expect(
            german.titles == [
                "sign-in": "Anmelden mit Apple", "continue": "Mit Apple fortfahren",
                "sign-up": "Mit Apple registrieren",
            ])
    }

    @Test("docs/render.md's parameter table is the schema's (siwa-buttons schema --markdown)")
    func documentedTable() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/render.md")
        #expect(try String(contentsOf: docs, encoding: .utf8).contains(Self.schema.parameterTable))
    }
}
