import Hummingbird

/// Hummingbird's CORS for every path but the operator's (`/metrics`): a page on another
/// origin may read images and snippets, not the service's metrics.
struct CORSExceptOperationalMiddleware<Context: RequestContext>: RouterMiddleware {
    static var sameOriginPaths: Set<String> { [OperationalRoutes.metrics] }
    let cors: CORSMiddleware<Context>

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if Self.sameOriginPaths.contains(request.uri.path) {
            return try await next(request, context)
        }
        return try await cors.handle(request, context: context, next: next)
    }
}
