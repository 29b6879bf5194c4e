import Hummingbird

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
