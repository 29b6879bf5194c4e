import Logging
import HTTPTypes
import Hummingbird
import SIWAButtons

/// The outermost middleware: every error answer is one `text/plain` line with `nosniff`
/// (but the `/api/` routes' own, which are JSON).
/// Hummingbird renders its own errors otherwise: the router's "no route" as an empty
/// 404, an `HTTPError` with a message as JSON, any other error as an empty 500.
/// Our own `PlainTextError`s pass through unchanged.
struct PlainTextErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            // Our API routes' JSON refusals pass too: their clients read `error.parameter`.
            guard response.status.code >= 400, response.headers[.contentType] != PlainText.contentType,
                response.headers[.contentType] != JSONAnswer.contentType
            else {
                return response
            }
            return PlainText.response(
                response.status, Self.message(response.status, request), for: request,
                headers: Self.kept(response.headers))
        } catch let error as PlainTextError {
            return PlainText.response(error.status, error.message, for: request, headers: error.headers)
        } catch let error as HTTPError {
            return PlainText.response(
                error.status,
                error.body.map { RequestError.shown($0, limit: 200) }
                    ?? Self.message(error.status, request),
                for: request, headers: Self.kept(error.headers))
        } catch let error as any HTTPResponseError {
            return PlainText.response(error.status, Self.message(error.status, request), for: request)
        } catch {
            context.logger.error("Unexpected error", metadata: ["error": "\(error)"])
            return PlainText.response(.internalServerError, Self.message(.internalServerError, request), for: request)
        }
    }

    /// `Not Found: POST /x`: the status and what was asked, on one line.
    static func message(_ status: HTTPResponse.Status, _ request: Request) -> String {
        let target = "\(request.method.rawValue) \(RequestError.shown(request.uri.path, limit: 200))"
        if status == .notFound, request.method != .get, request.method != .head {
            return "\(status.reasonPhrase): \(target) (only GET and HEAD are served)."
        }
        return "\(status.reasonPhrase): \(target)"
    }

    /// The error's own headers (Retry-After, Allow, ...) without those describing its old body.
    private static func kept(_ headers: HTTPFields) -> HTTPFields {
        let dropped: [HTTPField.Name] = [.contentType, .contentLength, .transferEncoding]
        return HTTPFields(headers.filter { !dropped.contains($0.name) })
    }
}
