import Hummingbird
import NIOPosix

/// Short `text/plain` answers for errors and probes. HEAD gets the same headers
/// (Content-Length included) and no body.
enum PlainText {
    static let contentType = "text/plain; charset=utf-8"

    static func response(
        _ status: HTTPResponse.Status, _ message: String, for request: Request,
        headers extra: HTTPFields = [:]
    ) -> Response {
        let body = ByteBuffer(string: message)
        var headers: HTTPFields = [
            .contentType: contentType, .contentLength: String(body.readableBytes), .xContentTypeOptions: "nosniff",
        ]
        headers.append(contentsOf: extra)
        // An error may change with the configuration or the load: no cache keeps it.
        if status.code >= 400 && headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
        return Response(
            status: status, headers: headers,
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
    /// `Retry-After`, never cached. A queue that is full or shutting down says so; any
    /// other failure of the drawing (a font Cairo could not create, a Cairo error) is
    /// about this attempt, and a 200 with wrong bytes would be cached for a year.
    static func renderFailed(_ error: any Error) -> PlainTextError {
        let busy: HTTPFields = [.retryAfter: String(retryAfterSeconds), .cacheControl: "no-store"]
        return switch error {
        case is RenderQueue.Full:
            PlainTextError(status: .serviceUnavailable, message: "Too many renders in progress; retry shortly.", headers: busy)
        case is NIOThreadPoolError.ThreadPoolInactive, is RenderQueue.Abandoned:
            PlainTextError(status: .serviceUnavailable, message: "Shutting down.", headers: busy)
        default:
            PlainTextError(status: .serviceUnavailable, message: "Rendering failed; retry shortly.", headers: busy)
        }
    }
}
