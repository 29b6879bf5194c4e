import NIOCore

/// The connection a request came on, for a handler that waits (an export in line):
/// `gone` completes when the client has gone. Hummingbird never cancels a handler whose
/// client left, so such a handler watches this instead. Set by the service's own channel
/// (`GuardedHTTP1Channel`) around the requests it serves; nil in an app that mounts the
/// routes on a server of its own, where a waiting client keeps its turn.
enum ClientConnection {
    @TaskLocal static var gone: EventLoopFuture<Void>?
}

/// Completes its future when the client closes its side (Hummingbird allows half-closure,
/// so a client's FIN does not close the channel: an HTTP/1.1 client that stops sending is
/// one that has left) or the connection closes.
final class ClientGoneHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let promise: EventLoopPromise<Void>
    private var done = false
    var gone: EventLoopFuture<Void> { promise.futureResult }

    init(eventLoop: any EventLoop) {
        promise = eventLoop.makePromise()
    }

    private func complete() {
        guard !done else { return }
        done = true
        promise.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { complete() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        complete()
    }
}
