import Foundation
import Hummingbird
import Logging

/// One structured line per answered request, with what Hummingbird's
/// `LogRequestsMiddleware` leaves out (it logs on arrival, before the answer): the
/// status and how long the answer took, so a 404, 414 or 503 can be told apart in the
/// logs. The request id (`hb.request.id`) comes with the context's logger.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: start)
            return response
        } catch {
            // Errors become responses further out; log the status they will get.
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context, status: status, since: start)
            throw error
        }
    }

    func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        context.logger.log(
            level: level, "Request",
            metadata: [
                "hb.request.method": .string(request.method.rawValue),
                "hb.request.path": .stringConvertible(request.uri),
                "http.response.status_code": .stringConvertible(status),
                "http.server.duration_ms": .string(String(format: "%.2f", elapsed)),
            ])
    }
}
