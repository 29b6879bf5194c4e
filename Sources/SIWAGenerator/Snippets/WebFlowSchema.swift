import SIWAButtons

extension WebFlowSettings {
    /// The web-flow fields of the snippets for `ButtonSchema` (the editor's form): what
    /// `WebFlowSettings.init` checks, named as the snippet API's query parameters.
    /// State and nonce are per sign-in, filled by the site's server, so not fields here.
    /// `base-url` is the snippet API's only (the generator writes files, not URLs).
    package static let schemaFields: [ButtonSchema.WebFlowField] = [
        .init(
            name: GeneratorField.clientId.rawValue, type: "text", required: true, maxBytes: GeneratorField.clientId.maxBytes,
            summary: "The Services ID registered with Apple (e.g. com.example.web); no control characters."),
        .init(
            name: GeneratorField.redirectURI.rawValue, type: "url", required: true,
            maxBytes: GeneratorField.redirectURI.maxBytes,
            summary: "Where Apple sends the result: an absolute https:// URL registered with Apple, no user, no fragment."),
        .init(
            name: GeneratorField.scope.rawValue, type: "scope", required: false, values: ["name", "email"],
            default: .text(WebFlowOptions.defaultScope),
            summary: "What to ask for: name, email, both (space-separated) or nothing."),
        .init(
            name: GeneratorField.usePopup.rawValue, type: "boolean", required: false, default: .flag(false),
            summary: "Sign in in a popup (results arrive as DOM events) instead of a redirect."),
        .init(
            name: "base-url", type: "url", required: false, maxBytes: baseURLMaxBytes,
            summary: "Snippet API: where pages load the images from, http(s)://host[:port][/path]; empty: the page's own origin."),
    ]

    /// The longest `base-url` the snippet API takes (checked there, stated in the schema).
    package static let baseURLMaxBytes = 200
}
