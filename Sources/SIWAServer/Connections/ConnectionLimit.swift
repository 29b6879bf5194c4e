import Foundation
import Metrics
import Synchronization
import NIOCore

/// Counts open connections and admits at most `maximum`. Past it a connection is
/// accepted, told "503, too many connections" and closed at once: the client learns
/// promptly instead of waiting in the listen backlog, and the server spends one
/// accept and one write on it, never a loop.
final class ConnectionLimit: Sendable {
    let maximum: Int
    private let open = Mutex(0)
    private let openGauge = Gauge(label: "siwa_connections_open")
    private let refused = Counter(label: "siwa_connections_refused_total")

    init(maximum: Int) {
        precondition(maximum > 0)
        self.maximum = maximum
    }

    var openConnections: Int { open.withLock { $0 } }

    /// Admits one more connection (released when it closes), or counts a refusal.
    func admit(_ channel: any Channel) -> Bool {
        let count: Int? = open.withLock { open in
            guard open < maximum else { return nil }
            open += 1
            return open
        }
        guard let count else {
            refused.increment()
            return false
        }
        openGauge.record(count)
        channel.closeFuture.whenComplete { [self] _ in
            openGauge.record(
                open.withLock { open in
                    open -= 1
                    return open
                })
        }
        return true
    }

    /// The default: a share of the descriptors this process may open (`ulimit -n`),
    /// keeping 64 for fonts, files and the listener, and at most 4,096.
    static var defaultMaximum: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let descriptors = Int(clamping: min(limit.rlim_cur, 1 << 20))  // RLIM_INFINITY is all ones
        return max(8, min(4096, descriptors - 64))
    }
}

/// Installed instead of the HTTP pipeline on a connection over the limit: answers 503
/// in plain text and closes, whatever the client sends.
final class RefuseConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    static let answer = {
        let body = "Too many connections; retry shortly."
        return "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            + "content-length: \(body.utf8.count)\r\nretry-after: 1\r\nx-content-type-options: nosniff\r\n"
            + "connection: close\r\n\r\n" + body
    }()

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { answer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        answer(context)
        context.fireChannelActive()
    }

    /// Whatever the client sends is dropped.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private var answered = false

    /// Writes the answer and half-closes; the socket is closed a moment later, so that a
    /// request still arriving does not turn the close into a reset that loses the answer.
    private func answer(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: Self.answer))).whenComplete { _ in
            let context = loopBound.value
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension RefuseConnectionHandler: Sendable {}
