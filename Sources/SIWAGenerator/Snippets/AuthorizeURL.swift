/// The placeholders the site's server replaces with fresh values for every page view.
/// While one is still in a page, nothing sends it to Apple: `siwa-init.js` stops the
/// click and explains, and without JavaScript the snippets' CSS swaps the link to Apple
/// for one to the explanation (it matches `href*="__SIWA_"`, which the replacement of
/// the full placeholders leaves alone).
package enum ServerPlaceholder {
    package static let state = "__SIWA_STATE__"
    package static let nonce = "__SIWA_NONCE__"
}

/// Apple's authorization endpoint for the flow without JavaScript.
package enum AuthorizeURL {
    package static let endpoint = "https://appleid.apple.com/auth/authorize"

    /// `https://appleid.apple.com/auth/authorize?client_id=..&redirect_uri=..&response_type=code%20id_token&scope=..&response_mode=form_post&state=..&nonce=..`
    /// with every value percent-encoded. `response_mode` is `form_post` because Apple
    /// requires it whenever a scope is asked for (and it keeps the code out of URLs).
    /// An empty scope is left out, as Apple's script leaves it out.
    package static func make(
        _ web: WebFlowSettings, state: String = ServerPlaceholder.state,
        nonce: String = ServerPlaceholder.nonce
    ) -> String {
        let query: [(String, String)] = [
            ("client_id", web.clientId),
            ("redirect_uri", web.redirectURI),
            ("response_type", "code id_token"),
            web.scope.isEmpty ? nil : ("scope", web.scope),
            ("response_mode", "form_post"),
            ("state", state),
            ("nonce", nonce),
        ].compactMap { $0 }
        return endpoint + "?" + query.map { "\($0.0)=\(Escaping.urlComponent($0.1))" }.joined(separator: "&")
    }
}
