import Hummingbird

/// A JSON answer of the API routes (snippets, lint, schema): its bytes, their length,
/// `nosniff` and the caching asked for; HEAD gets the headers without the body.
enum JSONAnswer {
    static func response(_ bytes: some Sequence<UInt8>, for request: Request, cacheControl: String = "no-store") -> Response {
        let body = ByteBuffer(bytes: bytes)
        return Response(status: .ok,
                        headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
                                  .cacheControl: cacheControl, .xContentTypeOptions: "nosniff"],
                        body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }
}
