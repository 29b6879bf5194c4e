import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Sits in each connection's pipeline where requests are still NIO's HTTP/1 parts,
/// before Hummingbird turns them into version-less HTTP types, for two things the
/// router cannot do:
///
/// - An HTTP/1.0 request without Host gets an empty one (RFC 9112 §3.2 requires Host in
///   HTTP/1.1 only), so that `HostHeaderMiddleware` can refuse every request that has
///   none without knowing the version; without keep-alive it gets `Connection: close`.
/// - A request NIO cannot parse is answered by Hummingbird itself with an empty 400 and
///   the connection closed; that answer gets a one-line `text/plain` reason here (431
///   for headers too large).
final class HTTP1EdgeHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var parseError: HTTPParserError?
    private var pendingBody: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0 else {
            context.fireChannelRead(data)
            return
        }
        if !head.headers.contains(name: "Host") {
            head.headers.add(name: "Host", value: "")
        }
        // HTTP/1.0 closes after the answer unless keep-alive was asked for (RFC 9112 §9.3);
        // Hummingbird only closes on `Connection: close`, so a 1.0 client would wait forever.
        if !head.isKeepAlive {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError { parseError = error }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        // Hummingbird's answer to a parse error: 400, no body, Connection: close. Ours
        // always carry a body, so this one is recognised by its empty length.
        case .head(var head) where parseError != nil && head.status == .badRequest && head.headers["Content-Length"] == ["0"]:
            let (status, message) = Self.describe(parseError!)
            let body = ByteBuffer(string: message)
            head.status = status
            head.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
            head.headers.replaceOrAdd(name: "Content-Type", value: PlainText.contentType)
            head.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
            pendingBody = body
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end(let trailers) where pendingBody != nil:
            context.write(wrapOutboundOut(.body(.byteBuffer(pendingBody!))), promise: nil)
            pendingBody = nil
            context.write(wrapOutboundOut(.end(trailers)), promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    static func describe(_ error: HTTPParserError) -> (HTTPResponseStatus, String) {
        switch error {
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "Request header fields too large.")
        case .invalidVersion, .invalidConstant: (.badRequest, "Malformed request: bad request line or HTTP version.")
        case .invalidMethod: (.badRequest, "Malformed request: bad method.")
        case .invalidURL: (.badRequest, "Malformed request: bad request target.")
        case .invalidHeaderToken, .invalidCharactersUsed: (.badRequest, "Malformed request: bad header field.")
        case .invalidContentLength, .unexpectedContentLength: (.badRequest, "Malformed request: bad Content-Length.")
        case .invalidChunkSize: (.badRequest, "Malformed request: bad chunked body.")
        default: (.badRequest, "Malformed HTTP/1.1 request.")  // e.g. both Content-Length and chunked
        }
    }
}

/// The HTTP/1 server with `HTTP1EdgeHandler` placed before Hummingbird's conversion of
/// NIO's HTTP/1 parts to HTTP types (`additionalChannelHandlers` go after it).
struct HTTP1EdgeChannel: ServerChildChannel {
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            try operations.addHandler(HTTP1EdgeHandler(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// `.http1(configuration:)` with `HTTP1EdgeHandler` in each connection.
    static func http1WithEdgeHandler(configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        .init { responder in HTTP1EdgeChannel(base: HTTP1Channel(responder: responder, configuration: configuration)) }
    }
}
