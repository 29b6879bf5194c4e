import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import SIWAGenerator
import Testing
@testable import SIWAServer

@Suite struct SchemaEndpointTests {
    @Test("GET /api/schema is ButtonSchema as JSON, with the backend's titles and the web-flow fields")
    func schema() async throws {
        let titles = try TitleTable(overrides: ["de_DE": ["sign-in": "Anmelden mit Apple"]])
        let backend = RenderBackend(fingerprint: "schema-test", titles: titles) { spec, format, scale in
            try ButtonRenderer.shared().render(spec, format: format, scale: scale)
        }
        try await TestApp.make(backend: backend).test(.router) { client in
            let response = try await client.execute(uri: "/api/schema", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.bytes)) as? [String: Any])
            let parameters = try #require(json["parameters"] as? [[String: Any]])
            let width = try #require(parameters.first { $0["name"] as? String == "width" })
            #expect(width["minimum"] as? Int == 130 && width["maximum"] as? Int == 375 && width["default"] as? Int == 140)
            let locales = try #require(json["locales"] as? [[String: Any]])
            #expect(locales.count == 37)
            let german = try #require(locales.first { $0["code"] as? String == "de_DE" })
            #expect((german["titles"] as? [String: String])?["sign-in"] == "Anmelden mit Apple")
            let webFlow = try #require(json["webFlow"] as? [[String: Any]])
            #expect(webFlow.compactMap { $0["name"] as? String } == ["client-id", "redirect-uri", "scope", "use-popup", "base-url"])
            let baseURL = try #require(webFlow.first { $0["name"] as? String == "base-url" })
            #expect(baseURL["maxBytes"] as? Int == 200 && baseURL["required"] as? Bool == false)
        }
    }
}
