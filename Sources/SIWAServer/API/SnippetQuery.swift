import Foundation
import SIWAButtons
import SIWAGenerator

/// The query of `GET /api/snippet/appleid/button[/left|/logo]`: the button in the image
/// endpoint's own grammar, plus the web-flow settings the snippets are made for.
///
/// The button part goes through the image endpoints' parser unchanged, so the editor
/// sends the very query its preview image uses; the web part is checked by the
/// generator's `WebFlowSettings`, so both front ends refuse the same values.
package struct SnippetQuery: Equatable {
    package var button: ButtonSpec
    package var web: WebFlowSettings
    /// Prefix of the snippets' image URLs (`https://buttons.example.com`); empty for
    /// URLs relative to the page's own origin.
    package var baseURL: String
    /// For the logo endpoint, whose image takes no locale: the language of the page's
    /// script, `lang` and `alt` (`locale=` on this endpoint only).
    package var pageLocale: ButtonLocale?

    /// The generator's web-flow options, under their names, beside the button's parameters.
    static let webFields: [GeneratorField] = [.clientId, .redirectURI, .scope, .usePopup]
    /// Ours only (the generator writes files, not URLs): where pages load the images from.
    static let baseURLParameter = "base-url"

    /// - Parameters:
    ///   - endpoint: the image endpoint named by the path after `/api/snippet`.
    ///   - raw: the raw (percent-encoded) query.
    package static func parse(endpoint: Endpoint, query raw: String?) throws(RequestError) -> SnippetQuery {
        var query = try QueryString(raw)
        var web: [GeneratorField: String] = [:]
        for field in webFields {
            web[field] = try query.take(field.rawValue)
        }
        let baseURL = try query.take(baseURLParameter) ?? ""
        // The logo's image takes no locale: here it is the page's.
        var pageLocale: ButtonLocale?
        if endpoint == .logo, let code = try query.take("locale") {
            guard let locale = ButtonLocale(code: code) else {
                throw .invalidValue(name: "locale", value: code, allowed: "one of Apple's 37 locale codes, e.g. en_US")
            }
            pageLocale = locale
        }
        // The rest is the button's, read as the image endpoint reads it.
        let button = try ButtonRequest.parse(endpoint, query, alsoAllowed: webFields.map(\.rawValue) + [baseURLParameter]).spec

        guard let clientId = web[.clientId] else {
            throw .missingParameter(GeneratorField.clientId.rawValue, hint: "the Services ID registered with Apple, e.g. com.example.web")
        }
        guard let redirectURI = web[.redirectURI] else {
            throw .missingParameter(GeneratorField.redirectURI.rawValue, hint: "the https:// URL Apple sends the answer to")
        }
        let usePopup: Bool
        switch web[.usePopup] ?? "false" {
        case "true": usePopup = true
        case "false": usePopup = false
        case let other: throw .invalidValue(name: GeneratorField.usePopup.rawValue, value: other, allowed: "'true' or 'false'")
        }
        let settings: WebFlowSettings
        do {
            settings = try WebFlowSettings(
                clientId: clientId, redirectURI: redirectURI,
                scope: web[.scope] ?? WebFlowOptions.defaultScope, usePopup: usePopup)
        } catch {
            throw .invalidValue(name: error.field, reason: error.message)
        }
        if let problem = checkBaseURL(baseURL) {
            throw .invalidValue(name: baseURLParameter, reason: problem)
        }
        return SnippetQuery(button: button, web: settings, baseURL: trimmingSlashes(baseURL), pageLocale: pageLocale)
    }

    /// An origin, optionally with a path prefix: `http(s)://host[:port][/path]`. No query,
    /// fragment, user name or characters that would need escaping in a URL, so that the
    /// image URLs built on it are well-formed (the templates still HTML-escape them).
    static func checkBaseURL(_ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        let lower = value.lowercased()
        guard ["https://", "http://"].contains(where: { lower.hasPrefix($0) }) else {
            return "'\(shown(value))' is not an http:// or https:// URL"
        }
        let limit = WebFlowSettings.baseURLMaxBytes
        guard value.utf8.count <= limit else { return "is longer than \(limit) bytes" }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/[]")
        if let bad = value.unicodeScalars.first(where: { !allowed.contains($0) }) {
            return "'\(shown(value))' contains '\(bad)': give the service's origin, e.g. https://buttons.example.com"
        }
        return WebFlowSettings.checkAuthority(of: value)
    }

    /// A value quoted in a message, cut short.
    private static func shown(_ s: String) -> String {
        RequestError.shown(s, limit: 60)
    }

    private static func trimmingSlashes(_ s: String) -> String {
        var s = s
        while s.hasSuffix("/") { s.removeLast() }
        return s
    }
}
