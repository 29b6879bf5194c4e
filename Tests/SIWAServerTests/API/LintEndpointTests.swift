import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import SIWALint
import Testing
@testable import SIWAServer

/// `GET /api/lint/appleid/button[/left|/logo]`: Apple's rules on one button, the JSON
/// `siwa-buttons lint --json` prints, for the editor.
@Suite struct LintEndpointTests {
    static func decode(_ response: TestResponse) throws -> LintReport.Document {
        try JSONDecoder().decode(LintReport.Document.self, from: Data(response.bytes))
    }

    @Test("Findings with the CLI's words, and the recommendations for the page colours")
    func findings() async throws {
        let spec = try ButtonRequest.parse("/appleid/button?width=130&height=30").spec
        let context = try LintContext.parse(background: "#ffffff,#1c1c1e", beside: nil, margin: nil)
        // The subject names the button at its scale, not the format.
        let expected = LintReport(
            subject: "/appleid/button?width=130&scale=2",
            findings: RequestLinter(renderer: try ButtonRenderer.shared()).findings(spec, context: context),
            context: context
        ).json
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/lint/appleid/button?width=130&height=30&scale=2&format=svg&background=%23ffffff%2C%231c1c1e",
                method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            let document = try Self.decode(response)
            #expect(document == expected)
            #expect(document.findings.map(\.id) == ["min-width", "background-contrast"])
            #expect(document.errors == 2 && document.recommendations["dark"] == ["white"])
        }
    }

    @Test("A clean button has no finding; the logo and left endpoints are checked too")
    func clean() async throws {
        try await TestApp.make().test(.router) { client in
            for uri in [
                "/api/lint/appleid/button?width=250&height=44", "/api/lint/appleid/button/logo?size=44&color=white&background=black",
                "/api/lint/appleid/button/left?width=250&height=44&beside=250x44&margin=5",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                #expect(try Self.decode(response).findings == [], "\(uri)")
            }
        }
    }

    @Test("Bad requests: 400 (404 for an unknown endpoint), the JSON error naming the parameter")
    func bad() async throws {
        try await TestApp.make().test(.router) { client in
            for (uri, status, parameter, message) in [
                ("/api/lint/appleid/button?width=20", HTTPResponse.Status.badRequest, "width", "Invalid value '20' for parameter 'width'"),
                (
                    "/api/lint/appleid/button?background=pink", .badRequest, "background",
                    "Invalid value for parameter 'background': 'pink' is not a colour (use #RGB, #RRGGBB, black or white)."
                ),
                ("/api/lint/appleid/button?beside=200by44", .badRequest, "beside", "'200by44' is not a size in points WxH"),
                ("/api/lint/appleid/button?margin=1&margin=2", .badRequest, "margin", "Parameter 'margin' is given more than once."),
                (
                    "/api/lint/appleid/button?colour=black", .badRequest, "colour",
                    "allowed parameters are color, border, type, border_radius, "
                        + "width, height, scale, locale, format, v, background, beside, margin."
                ),
                ("/api/lint/appleid/button?margin", .badRequest, nil, "Malformed query: 'margin' has no '=value'."),
                ("/api/lint/appleid/buttons", .notFound, nil, "Unknown endpoint '/appleid/buttons'"),
            ] as [(String, HTTPResponse.Status, String?, String)] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                let error = try #require(response.apiError, "\(uri): \(response.text)")
                #expect(error.parameter == parameter && error.message.contains(message), "\(uri): \(error)")
                #expect(!error.message.contains("\n"), "\(uri)")
            }
        }
    }
}
