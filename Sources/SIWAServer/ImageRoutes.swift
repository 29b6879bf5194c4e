import Hummingbird
import SIWAButtons

/// `GET`/`HEAD` on Apple's three image endpoints: parse with the core's parser (so
/// nothing invalid reaches the renderer), answer `If-None-Match` (lists, weak tags, `*`) before any work, then
/// serve the encoded image from the render cache. Mountable at any path:
/// `router.addRoutes(ImageRoutes(service: buttons).routes, atPath: "/buttons")` serves
/// `/buttons/appleid/button?...`.
public struct ImageRoutes<Context: RequestContext>: Sendable {
    let service: ButtonService
    private var cache: RenderCache { service.cache }
    private var backend: RenderBackend { service.backend }

    public init(service: ButtonService, context: Context.Type = Context.self) {
        self.service = service
    }


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
        do {
            var path = Substring(request.uri.path)
            let below = path.hasSuffix("/") ? endpoint.path + "/" : endpoint.path
            if path.hasSuffix(below) { path = path.suffix(below.count) }
            parsed = try ButtonRequest.parse(path: String(path), query: request.uri.query)
        } catch {
            // Returned, not thrown: a thrown 404 would send StaticFilesMiddleware looking in public/.
            return PlainText.response(.notFound, error.description, for: request)
        }
        let key = RenderKey(spec: parsed.spec, format: parsed.format ?? .png)
        // A revalidation is answered before any work: from the cached answer's ETag, or
        // the ETag computed from the request (the same, as it names fingerprint and spec).
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

    private func unknownEndpoint(_ request: Request) -> Response {
        PlainText.response(.notFound, RequestError.unknownEndpoint(request.uri.path).description, for: request)
    }
}
