import NIOCore
import NIOHTTP1

/// Bounds the requests one connection has read ahead and not answered: past `limit`
/// requests whose answers are not yet written to the socket, the rest of what was read
/// waits here, and the connection is not read further (its `read()` is held) until
/// answers drain, as NIO's `HTTPServerPipelineHandler` and nginx do. A client that
/// pipelines hundreds of requests and never reads then costs one read of bytes and
/// `limit` answers, not an event loop busy answering all of them, so `/healthz` on a
/// new connection is answered in milliseconds under such a burst.
///
/// An answer counts as given once its last part is written to the socket (its write
/// promise): one that waits in NIO's buffer for a client that does not read still counts.
final class PipelineLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests one connection may have passed on and not answered.
    static let defaultLimit = 4

    let limit: Int
    /// Requests passed on whose answer has not been written to the socket yet.
    private var unanswered = 0
    /// Parts read past the limit, in order, to pass on as answers drain.
    private var held = CircularBuffer<HTTPServerRequestPart>()
    /// A `read()` not passed on (the connection is not read while at the limit).
    private var readHeld = false
    /// The end of the client's input, passed on after the requests held.
    private var inputClosedHeld = false
    private var isRemoved = false

    init(limit: Int = PipelineLimitHandler.defaultLimit) {
        precondition(limit > 0)
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard held.isEmpty else { return held.append(part) }
        if case .head = part {
            guard unanswered < limit else { return held.append(part) }
            unanswered += 1
        }
        context.fireChannelRead(data)  // a head within the limit, or the body and end of one passed on
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event, !held.isEmpty {
            inputClosedHeld = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func read(context: ChannelHandlerContext) {
        if unanswered >= limit || !held.isEmpty {
            readHeld = true
        } else {
            context.read()
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.answered(context: context)
        }
        context.write(data, promise: written)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isRemoved = true
    }

    /// One answer is written (or failed: the connection is going): passes on what waited
    /// for it, and reads again once under the limit.
    private func answered(context: ChannelHandlerContext) {
        unanswered -= 1
        guard !isRemoved, context.channel.isActive else { return }
        var passed = false
        while let part = held.first {
            if case .head = part {
                guard unanswered < limit else { break }
                unanswered += 1
            }
            held.removeFirst()
            context.fireChannelRead(wrapInboundOut(part))
            passed = true
        }
        if passed { context.fireChannelReadComplete() }
        guard held.isEmpty else { return }
        if inputClosedHeld {
            inputClosedHeld = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        if readHeld, unanswered < limit {
            readHeld = false
            context.read()
        }
    }
}
