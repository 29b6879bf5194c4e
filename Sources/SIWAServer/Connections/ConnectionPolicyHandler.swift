import NIOCore
import NIOHTTP1

/// Connection rules Hummingbird leaves out, applied to the raw HTTP/1 parts (between
/// NIO's decoder and Hummingbird's codec, where the version and every header line are
/// still visible):
///
/// - HTTP/1.0 without `keep-alive` (and `Connection: close`) ends after its answer,
///   which says `Connection: close`.
/// - Once the server is shutting down (`ChannelShouldQuiesceEvent`), every answer says
///   `Connection: close`, so a keep-alive client does not send a request that the
///   closing connection would drop.
/// - An HTTP/1.1 request without exactly one `Host`, or any request with a body (the
///   service only has GET, HEAD and OPTIONS), a CONNECT, and a request NIO cannot parse get a
///   one-line text/plain answer here, and the connection is closed.
final class ConnectionPolicyHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    struct Refusal: Equatable {
        var status: HTTPResponseStatus
        var message: String
    }

    /// Per request passed on and not yet fully answered, oldest first: whether its
    /// answer must close the connection.
    private var closeAfterAnswer: [Bool] = []
    private var quiescing = false
    /// Set once we answer a request ourselves: everything read after it is dropped.
    private var refusal: Refusal?
    private var refusalSent = false

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refusal == nil else { return }
        let part = unwrapInboundIn(data)
        if case .head(let head) = part {
            let (refusal, keepAlive) = Self.inspect(head)
            if let refusal {
                refuse(refusal, context: context)
                return
            }
            closeAfterAnswer.append(!keepAlive)
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard refusal == nil else { return }
        refuse(Self.refusal(for: parseError), context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent { quiescing = true }
        context.fireUserInboundEventTriggered(event)
    }

    /// What is wrong with a request head that the routes must not see, if anything, and
    /// whether the connection stays open after its answer. One pass over the header lines
    /// (this runs for every request). HTTP/1.0 may omit Host; the version does not reach
    /// the router, so Host is checked here.
    static func inspect(_ head: HTTPRequestHead) -> (refusal: Refusal?, keepAlive: Bool) {
        var hosts = 0, hasBody = false, hasConnection = false
        for (name, value) in head.headers {
            if name.utf8.count == 4, name.lowercased() == "host" {
                hosts += 1
            } else if name.utf8.count == 14, name.lowercased() == "content-length" {
                hasBody = hasBody || value != "0"
            } else if name.utf8.count == 17, name.lowercased() == "transfer-encoding" {
                hasBody = true
            } else if name.utf8.count == 10, name.lowercased() == "connection" {
                hasConnection = true
            }
        }
        let http11 = head.version.major > 1 || head.version.major == 1 && head.version.minor >= 1
        let keepAlive = hasConnection ? head.isKeepAlive : http11
        // NIO's parser takes what follows a CONNECT for a tunnel and stops parsing, so it is
        // answered here, with a length, and the connection closed.
        if head.method == .CONNECT {
            return (
                Refusal(status: .methodNotAllowed, message: "CONNECT is not served: only GET, HEAD and OPTIONS."),
                keepAlive
            )
        }
        if hosts > 1 { return (Refusal(status: .badRequest, message: "More than one Host header."), keepAlive) }
        if http11 && hosts == 0 {
            return (Refusal(status: .badRequest, message: "Missing Host header (required in HTTP/1.1)."), keepAlive)
        }
        if hasBody {
            return (
                Refusal(
                    status: .payloadTooLarge,
                    message: "Request bodies are not accepted: the service only answers GET, HEAD and OPTIONS."),
                keepAlive
            )
        }
        return (nil, keepAlive)
    }

    static func refusal(for error: HTTPParserError) -> Refusal {
        switch error {
        case .headerOverflow: Refusal(status: .requestHeaderFieldsTooLarge, message: "Request header fields too large.")
        case .invalidVersion, .invalidConstant:
            Refusal(status: .badRequest, message: "Malformed request: bad request line or HTTP version.")
        case .invalidMethod: Refusal(status: .badRequest, message: "Malformed request: bad method.")
        case .invalidURL: Refusal(status: .badRequest, message: "Malformed request: bad request target.")
        case .invalidHeaderToken, .invalidCharactersUsed: Refusal(status: .badRequest, message: "Malformed request: bad header field.")
        case .invalidContentLength, .unexpectedContentLength:
            Refusal(status: .badRequest, message: "Malformed request: bad Content-Length.")
        case .invalidChunkSize: Refusal(status: .badRequest, message: "Malformed request: bad chunked body.")
        default: Refusal(status: .badRequest, message: "Malformed HTTP/1.1 request.")  // e.g. both Content-Length and chunked
        }
    }

    /// Answers `refusal` once the requests before it are answered, then closes.
    private func refuse(_ refusal: Refusal, context: ChannelHandlerContext) {
        self.refusal = refusal
        if closeAfterAnswer.isEmpty { sendRefusal(context: context) }
    }

    private func sendRefusal(context: ChannelHandlerContext) {
        guard let refusal, !refusalSent else { return }
        refusalSent = true
        let body = context.channel.allocator.buffer(string: refusal.message)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/plain; charset=utf-8")
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "x-content-type-options", value: "nosniff")
        headers.add(name: "cache-control", value: "no-store")
        if refusal.status == .methodNotAllowed { headers.add(name: "allow", value: "GET, HEAD, OPTIONS") }
        headers.add(name: "connection", value: "close")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        writeEndThenClose(context: context, promise: nil)
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if quiescing || refusal != nil || closeAfterAnswer.first == true {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let close = closeAfterAnswer.isEmpty ? false : closeAfterAnswer.removeFirst()
            if close || (quiescing && closeAfterAnswer.isEmpty) {
                writeEndThenClose(context: context, promise: promise)
            } else {
                context.write(data, promise: promise)
                if refusal != nil && closeAfterAnswer.isEmpty {
                    context.flush()
                    sendRefusal(context: context)
                }
            }
        }
    }

    /// Closes once the end is written (closing at once would drop queued bytes).
    private func writeEndThenClose(context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise()
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}

@available(*, unavailable)
extension ConnectionPolicyHandler: Sendable {}
