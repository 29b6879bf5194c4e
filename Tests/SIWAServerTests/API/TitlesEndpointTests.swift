import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import SIWAGenerator
import Testing
@testable import SIWAServer

@Suite struct TitlesEndpointTests {
    @Test("GET /api/titles is generate's siwa-titles.json for en_US,all, with the service's --labels titles marked")
    func titles() async throws {
        let titles = try TitleTable(overrides: ["de_DE": ["sign-in": "Anmelden mit Apple"]])
        let backend = RenderBackend(fingerprint: "titles-test", titles: titles) { spec, format, scale in
            try ButtonRenderer.shared().render(spec, format: format, scale: scale)
        }
        try await TestApp.make(backend: backend).test(.router) { client in
            let response = try await client.execute(uri: "/api/titles", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let locales = [ButtonLocale.default] + ButtonLocale.all.filter { $0 != .default }
            #expect(String(buffer: response.body) == TitlesJSON.text(locales: locales, titles: titles))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            let byLocale = try #require(json["locales"] as? [String: [String: Any]])
            #expect(byLocale.count == 37 && json["defaultLocale"] as? String == "en_US")
            let german = try #require(byLocale["de_DE"]?["titles"] as? [String: [String: Any]])
            #expect(german["sign-in"]?["title"] as? String == "Anmelden mit Apple" && german["sign-in"]?["overridden"] as? Bool == true)
            #expect(
                german["sign-up"]?["title"] as? String == "Mit Apple registrieren" && german["sign-up"]?["overridden"] as? Bool == false)
            let head = try await client.execute(uri: "/api/titles", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
        }
    }
}
