import SIWAButtons

/// Every route of the service, in one list: `serve --help` prints it, and
/// docs/serve.md's "Endpoints" table is checked against it (`ServiceEndpointTests`),
/// as is `ButtonRoutes`, which mounts each one. Each path's home stays with its route;
/// this list refers to it.
public enum ServiceEndpoint: CaseIterable, Sendable {
    /// Apple's three image endpoints.
    case button, left, logo
    /// The web snippets for one button (`SnippetRoutes`).
    case snippet
    /// Apple's rules on one button (`LintRoutes`).
    case lint
    /// The schema the editor builds its controls from (`SchemaRoute`).
    case schema
    /// Apple's titles in every locale (`TitlesRoute`).
    case titles
    /// A generated set as a ZIP (`ExportRoutes`).
    case export
    /// Liveness, readiness and Prometheus metrics: mounted only with
    /// `ButtonRoutes.Options.operational` (the standalone service's; a host app has its own).
    case healthz, readyz, metrics

    /// The path as documented; `[...]` marks the optional endpoint suffixes.
    public var path: String {
        switch self {
        case .button: Endpoint.button.path
        case .left: Endpoint.left.path
        case .logo: Endpoint.logo.path
        case .snippet: SnippetEndpoint.prefix + Self.buttonPaths
        case .lint: LintEndpoint.prefix + Self.buttonPaths
        case .schema: SchemaRoute.path
        case .titles: TitlesRoute.path
        case .export: ExportEndpoint.path
        case .healthz: OperationalRoutes.healthz
        case .readyz: OperationalRoutes.readyz
        case .metrics: OperationalRoutes.metrics
        }
    }

    /// The methods it answers (the image and JSON routes answer `HEAD` as `GET` without the body).
    public var methods: String {
        switch self {
        case .snippet, .lint, .metrics: "GET"
        default: "GET/HEAD"
        }
    }

    /// One line on what it answers, for `serve --help`.
    public var summary: String {
        switch self {
        case .button: "the center-aligned button (Apple's parameters, plus format= and v=)"
        case .left: "the left-aligned button"
        case .logo: "the logo-only square"
        case .snippet: "the web snippets for one button, as JSON"
        case .lint: "Apple's rules on one button, as JSON"
        case .schema: "parameters, locales, styles and formats, as JSON"
        case .titles: "Apple's titles in all 37 locales, as JSON"
        case .export: "a generated set as a ZIP"
        case .healthz: "liveness"
        case .readyz: "readiness (fails while draining)"
        case .metrics: "Prometheus text format"
        }
    }

    /// A request it answers 200, below the mount path (the tests request each one).
    public var example: String {
        switch self {
        case .snippet:
            SnippetEndpoint.prefix + Endpoint.button.path
                + "?client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fcallback"
        case .lint: LintEndpoint.prefix + Endpoint.button.path + "?width=200"
        case .export: ExportEndpoint.path + "?presets=web&locales=en_US"
        default: path
        }
    }

    /// Mounted by `ButtonRoutes` only when asked (`Options.operational`).
    public var isOperational: Bool { [.healthz, .readyz, .metrics].contains(self) }

    /// The image endpoints' paths below an API prefix.
    private static var buttonPaths: String { Endpoint.button.path + "[/left|/logo]" }

    /// The list as `serve --help` prints it: each endpoint, its summary on the line below
    /// (argument-parser wraps help at 80 columns).
    public static var helpText: String {
        allCases.map { "  \($0.methods) \($0.path)\n      \($0.summary)" }.joined(separator: "\n")
    }
}
