import Hummingbird
import SIWAButtons

/// A rendered image as the image routes send it: bytes and every header of the 200,
/// built once when the image is rendered so that a cache hit only looks it up.
struct ImageAnswer: Sendable {
    let body: ByteBuffer
    let eTag: String
    let headers: HTTPFields

    init(body: ByteBuffer, eTag: String, format: OutputFormat) {
        self.body = body
        self.eTag = eTag
        var headers = ImageAnswer.sharedHeaders(eTag: eTag)
        headers[.contentType] = format.mediaType
        headers[.contentLength] = String(body.readableBytes)
        headers[.xContentTypeOptions] = "nosniff"
        if format.isScriptable { headers[.contentSecurityPolicy] = SecurityHeaders.svgContentSecurityPolicy }
        self.headers = headers
    }

    /// The 200 for a GET or HEAD (no body for HEAD: the same headers, Content-Length included).
    func response(to request: Request) -> Response {
        Response(
            status: .ok, headers: headers,
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// The 304 for a matching `If-None-Match`.
    static func notModified(eTag: String) -> Response {
        Response(status: .notModified, headers: sharedHeaders(eTag: eTag))
    }

    /// A URL always names the same button, so browsers and proxies may keep it a year
    /// without asking. After a renderer or font change (new ETag) copies already out
    /// there stay until they expire or are purged; revalidations then get the new image.
    static var cacheControl: String { "public, max-age=31536000, immutable" }

    /// The headers of the 200 and the 304. Access-Control-Allow-Origin (and the ETag
    /// exposed to scripts) is set for every request, not only those with an Origin
    /// (CORSMiddleware's rule, which exposes headers on preflights only), so that a copy
    /// cached by a proxy for one page serves cross-origin pages as well.
    static func sharedHeaders(eTag: String) -> HTTPFields {
        var headers: HTTPFields = [
            .cacheControl: cacheControl, .accessControlAllowOrigin: "*",
            .accessControlExposeHeaders: "ETag", .eTag: eTag,
        ]
        headers.append(contentsOf: SecurityHeaders.all)
        return headers
    }
}
