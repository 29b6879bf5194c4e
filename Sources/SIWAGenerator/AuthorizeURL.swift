/// The placeholders the site's server replaces with fresh values for every page view.
/// They are deliberately not valid values: `siwa-init.js` refuses to start while a
/// placeholder is still there, and Apple's answer would fail the server's state check.
public enum ServerPlaceholder {
    public static let state = "__SIWA_STATE__"
    public static let nonce = "__SIWA_NONCE__"
}

/// Apple's authorization endpoint for the flow without JavaScript.
public enum AuthorizeURL {
    public static let endpoint = "https://appleid.apple.com/auth/authorize"

    /// `https://appleid.apple.com/auth/authorize?client_id=..&redirect_uri=..&response_type=code%20id_token&scope=..&response_mode=form_post&state=..&nonce=..`
    /// with every value percent-encoded. `response_mode` is `form_post` because Apple
    /// requires it whenever a scope is asked for (and it keeps the code out of URLs).
    public static func make(_ web: WebFlowSettings, state: String = ServerPlaceholder.state,
                            nonce: String = ServerPlaceholder.nonce) -> String {
        let query: [(String, String)] = [
            ("client_id", web.clientId),
            ("redirect_uri", web.redirectURI),
            ("response_type", "code id_token"),
            ("scope", web.scope),
            ("response_mode", "form_post"),
            ("state", state),
            ("nonce", nonce),
        ]
        return endpoint + "?" + query.map { "\($0.0)=\(Escaping.urlComponent($0.1))" }.joined(separator: "&")
    }
}
