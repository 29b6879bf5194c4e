import Logging
import Metrics
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Stops accepting for a while when `accept` fails for lack of descriptors or memory.
///
/// NIO's own `AcceptBackoffHandler` cannot help here: after a failed `accept` the server
/// channel stays registered for reading (its pending-read flag is only cleared by a
/// successful accept), so epoll reports the listener readable again at once and the
/// event loop spins on `accept4` = EMFILE (measured: 0.96 of a core under
/// `ulimit -n 128`). Turning `autoRead` off unregisters the listener; it is turned
/// back on after `pause`, when one accept is tried again. Clients wait in the listen
/// backlog meanwhile.
final class AcceptPauseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel

    private let pause: TimeAmount
    private let logger: Logger
    private var paused = false
    private let pauses = Counter(label: "siwa_accept_pauses_total")

    init(pause: TimeAmount = .seconds(1), logger: Logger) {
        self.pause = pause
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode), !paused {
            paused = true
            pauses.increment()
            logger.warning("accept failed (\(error)); not accepting for \(pause.nanoseconds / 1_000_000) ms")
            try? context.channel.syncOptions?.setOption(.autoRead, value: false)
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.assumeIsolated().scheduleTask(in: pause) {
                let (handler, context) = loopBound.value
                handler.paused = false
                try? context.channel.syncOptions?.setOption(.autoRead, value: true)
            }
        }
        context.fireErrorCaught(error)
    }
}

@available(*, unavailable)
extension AcceptPauseHandler: Sendable {}
