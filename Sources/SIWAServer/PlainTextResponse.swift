import Hummingbird
import NIOPosix

/// Short `text/plain` answers for errors and probes. HEAD gets the same headers
/// (Content-Length included) and no body.
enum PlainText {
    static let contentType = "text/plain; charset=utf-8"

    static func response(_ status: HTTPResponse.Status, _ message: String, for request: Request,
                         headers extra: HTTPFields = [:]) -> Response {
        let body = ByteBuffer(string: message)
        var headers: HTTPFields = [
            .contentType: contentType, .contentLength: String(body.readableBytes), .xContentTypeOptions: "nosniff",
        ]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers,
                        body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }
}

/// A thrown error answered as plain text, with only its own headers (a 503 gets no
/// ETag or long-lived Cache-Control from the image route).
struct PlainTextError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    var headers: HTTPFields = [:]

    func response(from request: Request, context: some RequestContext) throws -> Response {
        PlainText.response(status, message, for: request, headers: headers)
    }
}

extension PlainTextError {
    /// Seconds a client should wait after a 503.
    static var retryAfterSeconds: Int { 1 }

    /// What a render (or layout) on the render threads answers when it fails: 503 with
    /// `Retry-After` when the queue is full or shutting down, else 500. Never cached.
    static func renderFailed(_ error: any Error) -> PlainTextError {
        let busy: HTTPFields = [.retryAfter: String(retryAfterSeconds), .cacheControl: "no-store"]
        return switch error {
        case is RenderQueue.Full:
            PlainTextError(status: .serviceUnavailable, message: "Too many renders in progress; retry shortly.", headers: busy)
        case is NIOThreadPoolError.ThreadPoolInactive:
            PlainTextError(status: .serviceUnavailable, message: "Shutting down.", headers: busy)
        default:
            PlainTextError(status: .internalServerError, message: "Rendering failed.", headers: [.cacheControl: "no-store"])
        }
    }
}
