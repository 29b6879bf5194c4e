// The hot-path reference for Benchmarks/server/run.sh: a bare Hummingbird route that
// sends one file's bytes with the headers our cached image answers carry, nothing
// else (no middleware, no parsing, no cache lookup).
//
//   BareRoute PORT FILE ETAG [CONTENT-TYPE]
import Foundation
import Hummingbird
import Logging

let arguments = CommandLine.arguments
guard arguments.count >= 4, let port = Int(arguments[1]),
    let bytes = FileManager.default.contents(atPath: arguments[2])
else {
    FileHandle.standardError.write(Data("usage: BareRoute PORT FILE ETAG [CONTENT-TYPE]\n".utf8))
    exit(64)
}
let body = ByteBuffer(bytes: bytes)
let headers: HTTPFields = [
    .cacheControl: "public, max-age=31536000, immutable",
    .accessControlAllowOrigin: "*",
    .eTag: arguments[3],
    .contentType: arguments.count > 4 ? arguments[4] : "image/png",
    .contentLength: String(body.readableBytes),
    .xContentTypeOptions: "nosniff",
]
let router = Router()
router.get("/**") { _, _ in Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body)) }
var logger = Logger(label: "bare-route")
logger.logLevel = .warning
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "siwa-buttons"),
    logger: logger)
try await app.runService()
