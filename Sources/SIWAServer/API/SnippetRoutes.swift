import Foundation
import Hummingbird
import Logging
import SIWAButtons
import SIWAGenerator

/// The snippet endpoints are `prefix` + an image endpoint's path.
enum SnippetEndpoint {
    static let prefix = "/api/snippet"
}

/// `GET /api/snippet/appleid/button[/left|/logo]?<button query>&client-id=..&redirect-uri=..`
/// `[&scope=..][&use-popup=..][&base-url=..]`: the web snippets for one button as JSON
/// `{"snippetHTML", "initJS", "noJSHTML", "imgHTML", "signInJS"}`, the texts `generate` writes as
/// snippet.html, siwa-init.js, snippet-nojs.html, snippet-img.html and siwa-signin.js. They come from the same templates and the same
/// `SnippetRenderer`, so the editor and the generator cannot drift apart; the only
/// difference is that the images point at this service (`base-url`, the editor's image
/// base URL field, + the image endpoint) instead of files.
///
/// Bad input: 400 (404 for an unknown endpoint path) with the JSON error body of every
/// API route (`JSONAnswer.error`), naming the parameter.
public struct SnippetRoutes<Context: RequestContext>: Sendable {
    /// The templates, or why they could not be loaded: the images are still served then,
    /// and this endpoint says what is missing (500).
    let templates: Result<TemplateSet, TemplateSet.LoadError>
    /// The titles the images show (the backend's), for the `alt` text.
    let titles: TitleTable
    /// The image routes' policy: the snippets' image URLs are canonical and carry its current `v=`.
    let urls: ImageURLPolicy

    init(templates: Result<TemplateSet, TemplateSet.LoadError>, titles: TitleTable = .standard, urls: ImageURLPolicy = .standard) {
        self.templates = templates
        self.titles = titles
        self.urls = urls
    }

    /// Loads the built-in templates (`$SIWA_TEMPLATES_DIR`, next to the executable, or the
    /// source tree), with the files of `override` replacing them.
    /// - Parameters:
    ///   - logger: where a template that fails to load is reported (the routes answer 500).
    ///   - override: a folder whose templates replace the built-in ones (`serve --templates`).
    ///   - titles: the titles the images show (the backend's), for the `alt` text.
    ///   - urls: the policy the image routes were given, so that the snippets'
    ///     and the editor's image URLs carry its current `v=` token.
    ///   - context: the host app's request context type.
    public init(
        logger: Logger, override: URL? = nil, titles: TitleTable, urls: ImageURLPolicy = .standard,
        context: Context.Type = Context.self
    ) {
        self.titles = titles
        self.urls = urls
        templates = Result { () throws(TemplateSet.LoadError) in try TemplateSet.load(override: override) }
        if case .failure(let error) = templates {
            logger.error("Snippet templates not loaded; \(SnippetEndpoint.prefix) answers 500", metadata: ["error": "\(error)"])
        }
    }

    /// The JSON body.
    struct Body: Encodable {
        var snippetHTML: String
        var initJS: String
        var noJSHTML: String
        var imgHTML: String
        var signInJS: String
    }

    /// Mountable at any path, like `ImageRoutes`.
    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        // One wildcard route, split here: with routes for the three paths the router would
        // not fall back from a partial match such as /api/snippet/appleid to a wildcard.
        // The path below /api comes from the wildcard, so a mount path does not matter.
        routes.get("/api/**") { request, context in
            // "snippet/appleid/button": the raw path below /api (after any mount path).
            let below = "/" + (context.parameters.get(String(Parameters.recursiveCaptureKey)) ?? "")
            let snippets = "/snippet"
            guard below.hasPrefix(snippets + "/") else {
                // Not a file of public/ either: say what exists.
                return unknownEndpoint(request)
            }
            guard let endpoint = Endpoint(path: String(below.dropFirst(snippets.count))) else { return unknownEndpoint(request) }
            return respond(to: request, endpoint: endpoint)
        }
        return routes
    }

    /// 404 naming the request's whole path (with any mount path) and the snippet endpoints.
    private func unknownEndpoint(_ request: Request) -> Response {
        JSONAnswer.error(
            .unknownEndpoint(request.uri.path, endpoints: Endpoint.allCases.map { SnippetEndpoint.prefix + $0.path }),
            for: request)
    }

    func respond(to request: Request, endpoint: Endpoint) -> Response {
        let query: SnippetQuery
        do {
            query = try SnippetQuery.parse(endpoint: endpoint, query: request.uri.query)
        } catch {
            return JSONAnswer.error(error, for: request)
        }
        let renderer: SnippetRenderer
        switch templates {
        case .success(let set): renderer = SnippetRenderer(templates: set, titles: titles)
        case .failure(let error):
            return JSONAnswer.error(.internalServerError, "Snippet templates not loaded: \(error)", for: request)
        }
        let snippets = renderer.render(
            button: query.button, web: query.web,
            images: .endpoint(base: query.baseURL, version: urls.currentVersion), pageLocale: query.pageLocale)
        let body = Body(
            snippetHTML: snippets.snippetHTML, initJS: snippets.initJS, noJSHTML: snippets.noJSHTML,
            imgHTML: snippets.imgHTML, signInJS: snippets.signInJS)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding three strings cannot fail.
        return JSONAnswer.response((try? encoder.encode(body)) ?? Data("{}".utf8), for: request)
    }
}
