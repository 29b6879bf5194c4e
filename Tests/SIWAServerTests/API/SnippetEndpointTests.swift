import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import SIWAGenerator
import Testing
@testable import SIWAServer

/// `GET /api/snippet/appleid/button[/left|/logo]`: the editor's snippets, from the
/// generator's templates and renderer.
@Suite struct SnippetEndpointTests {
    struct Snippets: Decodable, Equatable {
        var snippetHTML: String
        var initJS: String
        var noJSHTML: String
        var imgHTML: String
        var signInJS: String
    }

    static let base = "http://127.0.0.1:8080"
    static let web = "client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple%2Fcallback"

    /// The query part of a URL built from name/value pairs, each value percent-encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(Escaping.urlComponent($0.1))" }.joined(separator: "&")
    }

    static func decode(_ response: TestResponse) throws -> Snippets {
        try JSONDecoder().decode(Snippets.self, from: Data(response.bytes))
    }

    @Test("A valid request answers the generator's three snippets as JSON, images on this service")
    func valid() async throws {
        let uri =
            "/api/snippet/appleid/button/left?type=continue&width=260&height=44&logo-size=medium&color=white&border=true"
            + "&\(Self.web)&scope=email&use-popup=true&base-url=\(Escaping.urlComponent(Self.base))"
        // One source of truth: exactly what SnippetRenderer gives for the same button and settings.
        let button = try ButtonRequest.parse(
            "/appleid/button/left?type=continue&width=260&height=44&logo-size=medium&color=white&border=true"
        ).spec
        let web = try WebFlowSettings(
            clientId: "com.example.web", redirectURI: "https://example.com/auth/apple/callback",
            scope: "email", usePopup: true)
        let expected = SnippetRenderer(templates: try TemplateSet.load(), titles: .standard)
            .render(button: button, web: web, images: .endpoint(base: Self.base))

        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            let snippets = try Self.decode(response)
            #expect(
                snippets
                    == Snippets(
                        snippetHTML: expected.snippetHTML, initJS: expected.initJS, noJSHTML: expected.noJSHTML,
                        imgHTML: expected.imgHTML, signInJS: expected.signInJS))

            #expect(snippets.snippetHTML.contains(#"data-mode="left-align" data-type="continue" data-color="white" data-border="true""#))
            #expect(snippets.snippetHTML.contains(#"data-logo-size="medium""#))
            // Apple's meta tags.
            #expect(snippets.snippetHTML.contains(#"<meta name="appleid-signin-client-id" content="com.example.web">"#))
            #expect(snippets.snippetHTML.contains(#"<meta name="appleid-signin-use-popup" content="true">"#))
            #expect(snippets.snippetHTML.contains(#"<meta name="appleid-signin-scope" content="email">"#))
            // The hot-link <img>: 1x/2x/3x on this service, sized at 1x.
            // Canonical URLs: Apple's order, defaults (format=png, scale=1 included) left out.
            #expect(
                snippets.imgHTML.hasPrefix(
                    #"<picture><source type="image/webp" srcset="http://127.0.0.1:8080/appleid/button/left?color=white&amp;border=true&amp;type=continue"#
                ))
            #expect(
                snippets.imgHTML.contains(
                    #"<img src="http://127.0.0.1:8080/appleid/button/left?color=white&amp;border=true&amp;type=continue&amp;width=260&amp;height=44&amp;logo-size=medium""#
                ))
            #expect(snippets.imgHTML.contains(#"&amp;height=44&amp;scale=2&amp;logo-size=medium 2x"#))
            #expect(snippets.imgHTML.contains(#"width="260" height="44" alt="Continue with Apple""#))
            // The no-JS image: this service's endpoint at 1x/2x/3x, the white twin for dark mode.
            #expect(
                snippets.noJSHTML.contains(#"src="http://127.0.0.1:8080/appleid/button/left?color=white&amp;border=true&amp;type=continue"#)
            )
            #expect(snippets.noJSHTML.contains("&amp;height=44&amp;scale=3&amp;logo-size=medium 3x"))
            #expect(
                snippets.noJSHTML.contains(
                    #"<source media="(prefers-color-scheme: dark)" srcset="http://127.0.0.1:8080/appleid/button/left?color=white&amp;type=continue"#
                ))
            #expect(snippets.noJSHTML.contains(#"alt="Continue with Apple""#))
        }
    }

    @Test(
        "The button part is the image endpoint's query: every endpoint, defaults, scale and format accepted",
        arguments: [
            ("/appleid/button", #"data-mode="center-align""#, #"/appleid/button""#),
            ("/appleid/button/left", #"data-mode="left-align""#, #"/appleid/button/left""#),
            (
                "/appleid/button/logo?size=44&border_radius=50&scale=3&format=svg", #"data-mode="logo-only""#,
                #"/appleid/button/logo?border_radius=50&amp;size=44""#
            ),
        ])
    func endpoints(target: String, dataMode: String, image: String) async throws {
        let separator = target.contains("?") ? "&" : "?"
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/api/snippet" + target + separator + Self.web, method: .get)
            #expect(response.status == .ok)
            let snippets = try Self.decode(response)
            #expect(snippets.snippetHTML.contains(dataMode))
            // No base-url: image URLs relative to the page's origin.
            #expect(snippets.noJSHTML.contains(#"src="\#(image)"#))
        }
    }

    @Test("A hostile client id and redirect URI stay data in every snippet")
    func hostileValuesEscaped() async throws {
        let clientId = #"a"</script><script>alert(1)</script>"#
        let redirectURI = "https://example.com/auth/apple?from='snippet'&x=1"
        let uri =
            "/api/snippet/appleid/button?"
            + Self.query([
                ("client-id", clientId), ("redirect-uri", redirectURI), ("base-url", Self.base),
            ])
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            let snippets = try Self.decode(response)
            for text in [snippets.snippetHTML, snippets.initJS, snippets.noJSHTML, snippets.imgHTML] {
                #expect(!text.contains("<script>alert"))
                #expect(!text.contains("alert(1)</script>"))
            }
            #expect(
                snippets.snippetHTML.contains(
                    #"<meta name="appleid-signin-client-id" content="a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
            #expect(
                snippets.snippetHTML.contains(
                    #"<meta name="appleid-signin-redirect-uri" content="https://example.com/auth/apple?from=&#39;snippet&#39;&amp;x=1">"#))
            #expect(snippets.noJSHTML.contains("client_id=a%22%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;"))
            #expect(snippets.noJSHTML.contains("redirect_uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple%3Ffrom%3D%27snippet%27%26x%3D1&amp;"))
        }
    }

    @Test(
        "Bad input: 400 (404 for an unknown path), the JSON error naming the parameter",
        arguments: [
            (
                "/api/snippet/appleid/button?width=500&" + web, HTTPResponse.Status.badRequest,
                "Invalid value '500' for parameter 'width': expected an integer from 130 to 375.", "width"
            ),
            (
                "/api/snippet/appleid/button/logo?width=200&" + web, .badRequest, "Unknown parameter 'width' for /appleid/button/logo",
                "width"
            ),
            (
                "/api/snippet/appleid/button?colour=white&" + web, .badRequest, "client-id, redirect-uri, scope, use-popup, base-url.",
                "colour"
            ),
            (
                "/api/snippet/appleid/button?redirect-uri=https%3A%2F%2Fexample.com%2Fcb", .badRequest, "Missing parameter 'client-id'",
                "client-id"
            ),
            ("/api/snippet/appleid/button?client-id=com.example.web", .badRequest, "Missing parameter 'redirect-uri'", "redirect-uri"),
            (
                "/api/snippet/appleid/button?client-id=&redirect-uri=https%3A%2F%2Fexample.com%2Fcb", .badRequest,
                "Invalid value for parameter 'client-id': must not be empty.", "client-id"
            ),
            (
                "/api/snippet/appleid/button?client-id=a%0Ab&redirect-uri=https%3A%2F%2Fexample.com%2Fcb", .badRequest,
                "Invalid value for parameter 'client-id': must not contain control characters", "client-id"
            ),
            (
                "/api/snippet/appleid/button?client-id=x&redirect-uri=javascript%3Aalert(1)", .badRequest,
                "Invalid value for parameter 'redirect-uri': 'javascript:alert(1)' is not an https:// URL", "redirect-uri"
            ),
            (
                "/api/snippet/appleid/button?client-id=x&redirect-uri=http%3A%2F%2Fexample.com%2Fcb", .badRequest,
                "Invalid value for parameter 'redirect-uri'", "redirect-uri"
            ),
            (
                "/api/snippet/appleid/button?client-id=x&redirect-uri=https%3A%2F%2Fa%0Ab", .badRequest,
                #"Invalid value for parameter 'redirect-uri': 'https://a\nb' contains a space or control character"#, "redirect-uri"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&scope=openid", .badRequest,
                "Invalid value for parameter 'scope': unknown scope 'openid'", "scope"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&use-popup=yes", .badRequest,
                "Invalid value 'yes' for parameter 'use-popup': expected 'true' or 'false'.", "use-popup"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&base-url=javascript%3Aalert(1)", .badRequest,
                "Invalid value for parameter 'base-url': 'javascript:alert(1)' is not an http:// or https:// URL.", "base-url"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&base-url=https%3A%2F%2Fa.example%2F%3Fq%3D%22", .badRequest,
                "Invalid value for parameter 'base-url'", "base-url"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&client-id=again", .badRequest, "Parameter 'client-id' is given more than once.",
                "client-id"
            ),
            ("/api/snippet/appleid/button?" + web + "&client-id=%zz", .badRequest, "Malformed query: bad percent-encoding", nil),
            ("/api/snippet/appleid/button?width&" + web, .badRequest, "Malformed query: 'width' has no '=value'.", nil),
            (
                "/api/snippet/appleid/button/right?" + web, .notFound,
                "Unknown endpoint '/api/snippet/appleid/button/right': use /api/snippet/appleid/button,", nil
            ),
            ("/api/snippet", .notFound, "Unknown endpoint '/api/snippet': use", nil),
            ("/api/snippet/appleid", .notFound, "Unknown endpoint '/api/snippet/appleid': use", nil),
            ("/api/snippet/appleid/button/left/x", .notFound, "Unknown endpoint '/api/snippet/appleid/button/left/x': use", nil),
            ("/api/other", .notFound, "Unknown endpoint '/api/other': use", nil),
            ("/api/snippet/appleid/button/logo?locale=xx_XX&" + web, .badRequest, "Invalid value 'xx_XX' for parameter 'locale'", "locale"),
            (
                "/api/snippet/appleid/button/logo?locale=de_DE&locale=fr_FR&" + web, .badRequest,
                "Parameter 'locale' is given more than once.", "locale"
            ),
            (
                "/api/snippet/appleid/button/logo?locale=de%5FDE&loc%61le=fr_FR&" + web, .badRequest,
                "Parameter 'locale' is given more than once.", "locale"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&base-url=https%3A%2F%2Fa.example%3A99999", .badRequest,
                "Invalid value for parameter 'base-url': 'https://a.example:99999' has a port that is not a number from 0 to 65535.",
                "base-url"
            ),
            (
                "/api/snippet/appleid/button?" + web + "&base-url=https%3A%2F%2Fa.example%3Ahttp", .badRequest,
                "has a port that is not a number", "base-url"
            ),
            ("/api/snippet/appleid/button?" + web + "&base-url=https%3A%2F%2F%3A8080", .badRequest, "has no host", "base-url"),
        ] as [(String, HTTPResponse.Status, String, String?)])
    func badInput(uri: String, status: HTTPResponse.Status, message: String, parameter: String?) async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == status)
            #expect(response.headers[.cacheControl] == "no-store")
            let error = try #require(response.apiError, "\(response.text)")
            #expect(error.parameter == parameter, "\(response.text)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains("\n") && !error.reason.contains("\n"))
            // The reason is the message's account of the value, without the parameter's name around it.
            if parameter != nil { #expect(!error.reason.contains("parameter '"), "\(error.reason)") }
        }
    }

    @Test("The base-url limit the schema states (the editor checks it before asking) is the one enforced")
    func baseURLLimit() async throws {
        let stated = try #require(WebFlowSettings.schemaFields.first { $0.name == "base-url" }?.maxBytes)
        try await TestApp.make().test(.router) { client in
            for length in [stated, stated + 1] {
                let base = "https://" + String(repeating: "a", count: length - "https://.example".count) + ".example"
                let response = try await client.execute(
                    uri: "/api/snippet/appleid/button?\(Self.web)&base-url=\(Escaping.urlComponent(base))", method: .get)
                #expect(response.status == (length == stated ? .ok : .badRequest), "\(length) bytes: \(response.text)")
            }
        }
    }

    @Test("A trailing slash on base-url is dropped; a path prefix is kept")
    func baseURLForms() async throws {
        try await TestApp.make().test(.router) { client in
            for (base, prefix) in [
                ("https://buttons.example.com/", "https://buttons.example.com/appleid/"),
                ("https://example.com:8443/siwa", "https://example.com:8443/siwa/appleid/"),
            ] {
                let uri = "/api/snippet/appleid/button?\(Self.web)&base-url=\(Escaping.urlComponent(base))"
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok)
                #expect(try Self.decode(response).noJSHTML.contains(#"src="\#(prefix)button""#))
            }
        }
    }

    @Test("Without templates the images are still served and the endpoint says what is missing")
    func missingTemplates() async throws {
        let router = Router()
        let missing = URL(fileURLWithPath: "/nonexistent-siwa-templates")
        router.addRoutes(
            SnippetRoutes(
                templates: Result { () throws(TemplateSet.LoadError) in
                    try TemplateSet.load(override: nil, builtIn: missing)
                }
            ).routes)
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/api/snippet/appleid/button?" + Self.web, method: .get)
            #expect(response.status == .internalServerError)
            let error = try #require(response.apiError, "\(response.text)")
            #expect(
                error.parameter == nil && error.message.hasPrefix("Snippet templates not loaded: Template 'index.html.mustache' not found"))
        }
    }

    @Test("serve --templates: a folder's files replace the built-in templates, file by file")
    func templateOverride() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<p data-client=\"{{clientId}}\">ours</p>\n".utf8)
            .write(to: folder.appendingPathComponent("snippet-nojs.html.mustache"))

        try await TestApp.make(templatesDirectory: folder.path).test(.router) { client in
            let response = try await client.execute(uri: "/api/snippet/appleid/button?" + Self.web, method: .get)
            #expect(response.status == .ok)
            let snippets = try Self.decode(response)
            #expect(snippets.noJSHTML == "<p data-client=\"com.example.web\">ours</p>\n")
            // Files the folder lacks still come from the built-in set.
            #expect(snippets.snippetHTML.contains(#"<div id="appleid-signin""#))
        }
    }

    @Test("The logo endpoint takes locale= for the page: Apple's script, lang and alt in that language")
    func logoPageLocale() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/api/snippet/appleid/button/logo?size=44&locale=de_DE&" + Self.web, method: .get)
            #expect(response.status == .ok)
            let snippets = try Self.decode(response)
            #expect(snippets.snippetHTML.contains("/appleid/1/de_DE/appleid.auth.js"))
            #expect(snippets.noJSHTML.contains(#"alt="Mit Apple anmelden" lang="de-DE""#))
            // The image itself takes no locale.
            #expect(!snippets.noJSHTML.contains("locale="))
            // Percent-encoded like any query value, and with the trailing slash the image endpoint accepts.
            for uri in [
                "/api/snippet/appleid/button/logo?size=44&locale=de%5FDE&" + Self.web,
                "/api/snippet/appleid/button/logo/?size=44&loc%61le=de_DE&" + Self.web,
            ] {
                let encoded = try await client.execute(uri: uri, method: .get)
                #expect(encoded.status == .ok, "\(uri): \(encoded.text)")
                #expect(try Self.decode(encoded) == snippets)
            }
        }
    }
}
