import Foundation
import Hummingbird
import SIWAButtons

/// A JSON answer of the API routes (snippets, lint, schema, export): its bytes, their
/// length, `nosniff` and the caching asked for; HEAD gets the headers without the body.
enum JSONAnswer {
    static let contentType = "application/json; charset=utf-8"

    static func response(
        _ bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, for request: Request,
        cacheControl: String = "no-store", headers extra: HTTPFields = [:]
    ) -> Response {
        let body = ByteBuffer(bytes: bytes)
        var headers: HTTPFields = [
            .contentType: contentType, .contentLength: String(body.readableBytes),
            .cacheControl: cacheControl, .xContentTypeOptions: "nosniff",
        ]
        headers.append(contentsOf: extra)
        return Response(
            status: status, headers: headers,
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// An API route's refusal: `{"error": {"parameter": "width", "reason": "...", "message": "..."}}`
    /// (`parameter` null when the request as a whole is refused), `no-store`. 404 for an
    /// unknown endpoint, else 400 unless `status` says otherwise (a 500 or 503 the route makes).
    static func error(
        _ error: RequestError, status: HTTPResponse.Status? = nil, for request: Request,
        headers: HTTPFields = [:]
    ) -> Response {
        let status = status ?? (error.kind == .unknownEndpoint ? .notFound : .badRequest)
        return response(encoded(error), status: status, for: request, headers: headers)
    }

    /// A refusal that is about no parameter (templates missing, the service busy).
    static func error(
        _ status: HTTPResponse.Status, _ message: String, for request: Request,
        headers: HTTPFields = [:]
    ) -> Response {
        error(RequestError(refusing: message), status: status, for: request, headers: headers)
    }

    /// The body: `parameter` is written as null rather than left out, so a client can read
    /// `error.parameter` without asking whether it is there.
    static func encoded(_ error: RequestError) -> Data {
        struct Body: Encodable {
            let error: RequestError
            enum Keys: String, CodingKey { case error, parameter, reason, message }
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Keys.self)
                var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .error)
                try inner.encode(error.parameter, forKey: .parameter)
                try inner.encode(error.reason, forKey: .reason)
                try inner.encode(error.message, forKey: .message)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Three strings cannot fail to encode.
        return (try? encoder.encode(Body(error: error))) ?? Data(#"{"error":{}}"#.utf8)
    }
}
