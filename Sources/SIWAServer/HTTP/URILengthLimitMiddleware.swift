import Hummingbird

/// Refuses request targets longer than `maxLength` bytes with 414 before any routing.
/// NIO's HTTP parser only bounds the whole header block (80 KiB); image URLs are a
/// few hundred bytes, so anything much longer is a mistake or an attack on the cache.
struct URILengthLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxLength: Int

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.string.utf8.count <= maxLength else {
            return PlainText.response(
                .uriTooLong, "The request target is longer than \(maxLength) bytes.",
                for: request)
        }
        return try await next(request, context)
    }
}
