import Hummingbird
import SIWAButtons

/// `GET`/`HEAD` on Apple's three image endpoints: parse with the core's parser (so
/// nothing invalid reaches the renderer), answer `If-None-Match` (lists, weak tags, `*`) before any work, then
/// serve the encoded image from the render cache. Mountable at any path:
/// `router.addRoutes(ImageRoutes(service: buttons).routes, atPath: "/buttons")` serves
/// `/buttons/appleid/button?...`.
///
/// `urls` decides which spellings are served: by default another spelling of an image
/// gets a 301 to its canonical URL and `v=` is refused (see `ImageURLPolicy`).
public struct ImageRoutes<Context: RequestContext>: Sendable {
    let service: ButtonService
    let urls: ImageURLPolicy
    private var cache: RenderCache { service.cache }
    private var backend: RenderBackend { service.backend }

    /// Apple's image endpoints over the service's render threads and cache.
    /// - Parameters:
    ///   - service: renders and caches the images.
    ///   - urls: which spellings of an image URL are served, redirected or refused.
    ///   - context: the host app's request context type.
    public init(service: ButtonService, urls: ImageURLPolicy = .standard, context: Context.Type = Context.self) {
        self.service = service
        self.urls = urls
    }

    /// The collection to mount: `GET`/`HEAD` of the three endpoints, and 404 with the
    /// reason for any other path under `/appleid/`.
    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        for endpoint in Endpoint.allCases {
            let path = RouterPath(endpoint.path)
            routes.get(path) { request, _ in try await respond(to: request, endpoint: endpoint) }
            routes.head(path) { request, _ in try await respond(to: request, endpoint: endpoint) }
        }
        // Other paths under /appleid/ name no endpoint: say so, as for a bad parameter.
        for path in ["/appleid", "/appleid/**"] {
            routes.get(RouterPath(path)) { request, _ in unknownEndpoint(request) }
            routes.head(RouterPath(path)) { request, _ in unknownEndpoint(request) }
        }
        return routes
    }

    /// The request's path below the mount path is parsed (the endpoint, with or without
    /// a trailing slash); a path the router matched more loosely keeps the parser's 404.
    func respond(to request: Request, endpoint: Endpoint) async throws -> Response {
        let parsed: ButtonRequest
        let full = Substring(request.uri.path)
        let below = full.hasSuffix("/") ? endpoint.path + "/" : endpoint.path
        let path = full.hasSuffix(below) ? full.suffix(below.count) : full
        do {
            parsed = try ButtonRequest.parse(path: String(path), query: request.uri.query)
        } catch {
            // Returned, not thrown: a thrown 404 would send StaticFilesMiddleware looking in public/.
            return PlainText.response(.notFound, error.description, for: request)
        }
        switch urls.decide(parsed, path: String(path), query: Self.rawQuery(request)) {
        case .serve: break
        case .refuse(let message): return PlainText.response(.notFound, message, for: request)
        case .redirect(let target):
            return Self.redirect(to: Self.mountPath(of: full.dropLast(path.count)) + target, for: request)
        }
        let key = RenderKey(parsed)
        // A revalidation is answered before any work: from the cached answer's ETag, or
        // the ETag computed from the request (the same, as it names fingerprint and image).
        if request.headers[.ifNoneMatch] != nil {
            let eTag = cache.cachedETag(for: key) ?? backend.eTag(for: key)
            if IfNoneMatch.matches(request.headers, eTag: eTag) {
                return ImageAnswer.notModified(eTag: eTag)
            }
        }
        return try await render(key).response(to: request)
    }

    private func render(_ key: RenderKey) async throws -> ImageAnswer {
        do {
            return try await cache.answer(for: key)
        } catch {
            throw PlainTextError.renderFailed(error)
        }
    }

    /// The query as sent: nil without a `?`, "" for a bare `?` (a spelling of its own to a cache).
    static func rawQuery(_ request: Request) -> String? {
        let target = request.uri.string
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The mount path as a Location may name it: one leading slash, escaped (never `//host`).
    static func mountPath(of prefix: Substring) -> String {
        guard !prefix.isEmpty, let path = try? RequestPath(String(prefix)), !path.segments.isEmpty else { return "" }
        return path.encoded(trailingSlash: false)
    }

    /// A permanent redirect to the canonical URL, cacheable for a day by browsers and
    /// shared caches (a day, not a year: the mapping changes if the service's settings do),
    /// readable cross-origin like the images.
    static func redirect(to location: String, for request: Request) -> Response {
        PlainText.response(
            .movedPermanently, "Moved to the canonical URL: \(location)", for: request,
            headers: [
                .location: location, .cacheControl: "public, max-age=86400", .accessControlAllowOrigin: "*",
            ])
    }

    private func unknownEndpoint(_ request: Request) -> Response {
        PlainText.response(.notFound, RequestError.unknownEndpoint(request.uri.path).description, for: request)
    }
}
