import SIWAButtons

/// The Sign in with Apple JS settings the snippets are made for. Only the values that
/// are the same for every visitor: state and nonce are per sign-in and come from the
/// site's server, so they are never part of these settings.
package struct WebFlowSettings: Sendable, Equatable {
    /// The Services ID registered with Apple (e.g. `com.example.web`).
    package let clientId: String
    /// Where Apple sends the result (absolute https URL, registered with Apple).
    package let redirectURI: String
    /// Space-separated: `name`, `email`, both or none.
    package let scope: String
    /// Sign in inside a popup (results arrive as DOM events) instead of a redirect.
    package let usePopup: Bool

    /// Checks every value (see the `check…` functions) and names the field it refuses.
    package init(
        clientId: String, redirectURI: String, scope: String = WebFlowOptions.defaultScope,
        usePopup: Bool = false
    ) throws(ConfigurationError) {
        if let problem = Self.checkClientId(clientId) {
            throw ConfigurationError(field: GeneratorField.clientId.rawValue, problem, source: .clientId)
        }
        if let problem = Self.checkRedirectURI(redirectURI) {
            throw ConfigurationError(field: GeneratorField.redirectURI.rawValue, problem, source: .redirectURI)
        }
        if let problem = Self.checkScope(scope) { throw ConfigurationError(field: GeneratorField.scope.rawValue, problem, source: .scope) }
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.scope = scope
        self.usePopup = usePopup
    }

    /// Any text without control characters: the snippets escape it for every context,
    /// so even `a"</script><script>alert(1)</script>` stays data (and Apple refuses it).
    package static func checkClientId(_ value: String) -> String? {
        if value.isEmpty { return "must not be empty" }
        let limit = GeneratorField.clientId.maxBytes!
        if value.utf8.count > limit { return "is longer than \(limit) bytes" }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters (line breaks, tabs)"
        }
        return nil
    }

    /// Only absolute `https://host/...` URLs, as Apple requires for redirect URIs. Also
    /// refused: characters RFC 3986 does not allow in a URL (spaces, `"`, `<`, `>`, `\`,
    /// non-ASCII: percent-encode them), a user name or password, a port that is not a
    /// number up to 65535, and a fragment (OAuth forbids one). The editor does not copy these
    /// rules: it shows the snippet API's message. So `javascript:`, `data:` and `http:` never reach a page.
    package static func checkRedirectURI(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        if bytes.isEmpty { return "must not be empty" }
        let limit = GeneratorField.redirectURI.maxBytes!
        if bytes.count > limit { return "is longer than \(limit) bytes" }
        guard value.lowercased().hasPrefix("https://") else {
            return "'\(shown(value))' is not an https:// URL (Apple only redirects to https)"
        }
        if let bad = value.unicodeScalars.first(where: { !isURLCharacter($0) }) {
            return "'\(shown(value))' contains \(describe(bad)), which a URL cannot hold: percent-encode it"
        }
        if !validPercentEscapes(bytes) { return "'\(shown(value))' has a '%' not followed by two hex digits" }
        if value.contains("#") { return "'\(shown(value))' has a fragment ('#'), which OAuth does not allow" }
        return checkAuthority(of: value)
    }

    /// The `host[:port]` after an `http(s)://` URL's scheme: no user name or password, a
    /// host, and a port (if any) that is a number up to 65535. Shared with the service's
    /// `base-url`, so both refuse the same origins.
    package static func checkAuthority(of value: String) -> String? {
        let afterScheme = value.drop { $0 != ":" }.dropFirst("://".count)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") { return "'\(shown(value))' has a user name or password" }
        // The port follows the first ':' after the host (an IPv6 host is in brackets).
        let hostEnd = authority.lastIndex(of: "]") ?? authority.startIndex
        let colon = authority[hostEnd...].firstIndex(of: ":")
        if authority[..<(colon ?? authority.endIndex)].isEmpty { return "'\(shown(value))' has no host" }
        if let colon {
            let port = authority[authority.index(after: colon)...]
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port)! <= 65535 else {
                return "'\(shown(value))' has a port that is not a number from 0 to 65535"
            }
        }
        return nil
    }

    /// Apple knows two scopes: `name` and `email`.
    package static func checkScope(_ value: String) -> String? {
        var seen = Set<Substring>()
        for token in value.split(separator: " ") {
            guard token == "name" || token == "email" else {
                return "unknown scope '\(shown(String(token)))': expected 'name', 'email' or both, separated by a space"
            }
            guard seen.insert(token).inserted else { return "scope '\(token)' is given twice" }
        }
        return nil
    }

    /// RFC 3986: unreserved, reserved and '%'.
    private static func isURLCharacter(_ c: Unicode.Scalar) -> Bool {
        guard c.isASCII else { return false }
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(c)
        }
    }

    private static func validPercentEscapes(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return false }
                i += 3
            } else {
                i += 1
            }
        }
        return true
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b)
    }

    private static func describe(_ c: Unicode.Scalar) -> String {
        c.value < 0x21 || c.value == 0x7F ? "a space or control character" : "'\(c)'"
    }

    /// Values quoted in messages, cut short.
    static func shown(_ s: String) -> String {
        RequestError.shown(s, limit: 60)
    }
}

/// The web-flow part of the configuration, before it is complete: the client id and
/// redirect URI may still be missing (then no snippet is written).
package struct WebFlowOptions: Sendable, Equatable {
    package var clientId: String?
    package var redirectURI: String?
    package var scope: String = WebFlowOptions.defaultScope
    package var usePopup = false

    package static let defaultScope = "name email"

    package init() {}

    /// The checked settings, or nil when client id or redirect URI is missing.
    package func settings() throws(ConfigurationError) -> WebFlowSettings? {
        guard let clientId, let redirectURI else { return nil }
        return try WebFlowSettings(clientId: clientId, redirectURI: redirectURI, scope: scope, usePopup: usePopup)
    }
}
