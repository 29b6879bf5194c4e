import Foundation
import SIWAButtons
import SIWAGenerator

/// The query of `GET /api/snippet/appleid/button[/left|/logo]`: the button in the image
/// endpoint's own grammar, plus the web-flow settings the snippets are made for.
///
/// The button part goes through the image endpoints' parser unchanged, so the editor
/// sends the very query its preview image uses; the web part is checked by the
/// generator's `WebFlowSettings`, so both front ends refuse the same values.
struct SnippetQuery: Equatable {
    var button: ButtonSpec
    var web: WebFlowSettings
    /// Prefix of the snippets' image URLs (`https://buttons.example.com`); empty for
    /// URLs relative to the page's own origin.
    var baseURL: String
    /// For the logo endpoint, whose image takes no locale: the language of the page's
    /// script, `lang` and `alt` (`locale=` on this endpoint only).
    var pageLocale: ButtonLocale?

    /// Our parameters, beside the button's.
    enum WebParameter: String, CaseIterable {
        case clientId = "client-id"
        case redirectURI = "redirect-uri"
        case scope
        case usePopup = "use-popup"
        case baseURL = "base-url"
    }

    /// - Parameters:
    ///   - endpointPath: the path after `/api/snippet`, an image endpoint's path.
    ///   - query: the raw (percent-encoded) query.
    static func parse(endpointPath: String, query: String?) throws(SnippetQueryError) -> SnippetQuery {
        var web: [WebParameter: String] = [:]
        var buttonPieces: [Substring] = []
        var pageLocale: ButtonLocale?
        let isLogo = Endpoint(path: endpointPath) == .logo
        for piece in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let rawName = piece.prefix { $0 != "=" }
            if isLogo, rawName.count < piece.count, decode(rawName) == "locale" {
                guard let value = decode(piece.dropFirst(rawName.count + 1)) else {
                    throw .invalid(RequestError.malformed("bad percent-encoding in '\(RequestError.shown(String(piece)))'").description)
                }
                guard pageLocale == nil else { throw .invalid(RequestError.duplicateParameter("locale").description) }
                guard let locale = ButtonLocale(code: value) else {
                    throw .invalid(RequestError.invalidValue(name: "locale", value: String(value),
                                                             allowed: "one of Apple's 37 locale codes, e.g. en_US").description)
                }
                pageLocale = locale
                continue
            }
            guard rawName.count < piece.count, let name = decode(rawName),
                  let parameter = WebParameter(rawValue: name) else {
                // Not ours (or malformed): the button parser names what is wrong with it.
                buttonPieces.append(piece)
                continue
            }
            guard let value = decode(piece.dropFirst(rawName.count + 1)) else {
                throw .invalid(RequestError.malformed("bad percent-encoding in '\(RequestError.shown(String(piece)))'").description)
            }
            guard web.updateValue(value, forKey: parameter) == nil else {
                throw .invalid(RequestError.duplicateParameter(name).description)
            }
        }

        let button: ButtonSpec
        do {
            button = try ButtonRequest.parse(path: endpointPath, query: buttonPieces.joined(separator: "&")).spec
        } catch .unknownEndpoint(let path) {
            throw .unknownEndpoint(SnippetEndpoint.prefix + path)
        } catch .unknownParameter(let name, let endpoint, let allowed) {
            // The parser lists the image parameters only; this endpoint takes ours too.
            let all = allowed + WebParameter.allCases.map(\.rawValue)
            throw .invalid(RequestError.unknownParameter(name: name, endpoint: endpoint, allowed: all).description)
        } catch {
            throw .invalid(error.description)
        }

        guard let clientId = web[.clientId] else {
            throw .invalid("Missing parameter 'client-id': the Services ID registered with Apple, e.g. com.example.web.")
        }
        guard let redirectURI = web[.redirectURI] else {
            throw .invalid("Missing parameter 'redirect-uri': the https:// URL Apple sends the answer to.")
        }
        let usePopup: Bool
        switch web[.usePopup] ?? "false" {
        case "true": usePopup = true
        case "false": usePopup = false
        case let other:
            throw .invalid(RequestError.invalidValue(name: "use-popup", value: String(other),
                                                     allowed: "'true' or 'false'").description)
        }
        let settings: WebFlowSettings
        do {
            settings = try WebFlowSettings(clientId: clientId, redirectURI: redirectURI,
                                           scope: web[.scope] ?? WebFlowOptions.defaultScope, usePopup: usePopup)
        } catch {
            throw .invalid("Invalid value for parameter '\(error.field)': \(error.message).")
        }
        let baseURL = web[.baseURL] ?? ""
        if let problem = checkBaseURL(baseURL) {
            throw .invalid("Invalid value for parameter 'base-url': \(problem).")
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

    /// One query component: `+` is a space, then percent-decoding to UTF-8 (nil if invalid).
    static func decode(_ s: Substring) -> String? {
        PercentDecoding.string(s, plusAsSpace: true)
    }
}

/// Why a snippet request was refused: an unknown endpoint path (404) or a bad value (400).
/// The message names the parameter, in the image endpoints' wording.
enum SnippetQueryError: Error, Equatable {
    /// The request's whole path.
    case unknownEndpoint(String)
    case invalid(String)

    /// One line: control characters of a quoted value are shown escaped (`\n`).
    var message: String {
        let text = switch self {
        case .unknownEndpoint(let path):
            "Unknown endpoint '\(path)': use " +
                Endpoint.allCases.map { SnippetEndpoint.prefix + $0.path }.joined(separator: ", ") + "."
        case .invalid(let message): message
        }
        return text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
        }.joined()
    }
}
