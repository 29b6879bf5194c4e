import Metrics
import Logging
import NIOCore

/// Closes a connection whose client stops taking its answers, next to the socket (it
/// sees the encoded bytes): when bytes have waited `timeout` with none taken by the
/// socket (the client does not read), or when a client already behind is given another
/// answer while all unread answers together are over the `OutputBudget`. Hummingbird's
/// idle timeout counts only reads, so without this a client that sends requests and
/// never reads their answers would hold them for as long as it likes.
final class WriteGuardHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let timeout: TimeAmount
    private let budget: OutputBudget
    private let logger: Logger
    /// Bytes written here and not yet taken by the socket.
    private var pending = 0
    private var lastProgress = NIODeadline.now()
    /// NIO's unsent bytes at the last check, and the bytes written since: a large answer
    /// taken in part by the socket is progress too, though its write has not completed.
    private var bufferedAtCheck = 0
    /// Bytes written since the last flush: the parts of the answer being written now,
    /// taken from the budget and counted as pending at the flush, together.
    private var unflushed = 0
    /// The promise of the last write since the flush, if it came with one: NIO completes a
    /// channel's writes in order, so the flushed bytes are all taken by the socket once it
    /// completes. An answer's head and body ride on the promise of its end, and a cache
    /// hit makes no promise of its own here.
    private var lastPromise: EventLoopPromise<Void>?
    private var writtenSinceCheck = 0
    private var check: Scheduled<Void>?
    private var closing = false

    init(timeout: TimeAmount, budget: OutputBudget, logger: Logger) {
        self.timeout = timeout
        self.budget = budget
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        unflushed += unwrapOutboundIn(data).readableBytes
        lastPromise = promise
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        let bytes = unflushed
        unflushed = 0
        guard bytes > 0, !closing else {
            lastPromise = nil
            return context.flush()
        }
        // Behind: bytes of earlier, flushed answers the client has not taken yet. Over the
        // budget, the writes since the last flush go with the connection, never sent.
        guard budget.take(bytes, behind: pending) else {
            lastPromise = nil
            budget.closedOverBudget.increment()
            close(context, reason: "output budget")
            return
        }
        if pending == 0 { lastProgress = .now() }
        pending += bytes
        writtenSinceCheck += bytes
        let written: EventLoopPromise<Void>
        if let lastPromise {
            written = lastPromise
        } else {
            // The last write came without a promise: a zero-length write with one completes after it.
            written = context.eventLoop.makePromise()
            context.write(wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(capacity: 0))), promise: written)
        }
        lastPromise = nil
        // Completed (or failed) once the socket has the bytes, or the channel closes.
        written.futureResult.assumeIsolated().whenComplete { [self] _ in
            pending -= bytes
            budget.give(bytes)
            lastProgress = .now()
        }
        context.flush()
        scheduleCheck(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
    }

    private func scheduleCheck(_ context: ChannelHandlerContext) {
        guard check == nil else { return }
        // Checked four times per timeout: a stalled client is closed within 1.25 timeouts.
        let interval = TimeAmount.nanoseconds(max(timeout.nanoseconds / 4, 100_000_000))
        check = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { [self] in
            check = nil
            guard pending > 0 else {
                bufferedAtCheck = 0
                writtenSinceCheck = 0
                return
            }
            let buffered = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
            if buffered < bufferedAtCheck + writtenSinceCheck { lastProgress = .now() }
            bufferedAtCheck = buffered
            writtenSinceCheck = 0
            if NIODeadline.now() - lastProgress >= timeout {
                budget.closedWriteTimeout.increment()
                close(context, reason: "write timeout")
            } else {
                scheduleCheck(context)
            }
        }
    }

    private func close(_ context: ChannelHandlerContext, reason: String) {
        guard !closing else { return }
        closing = true
        logger.debug(
            "Connection closed: its client is not reading",
            metadata: [
                "siwa.reason": "\(reason)", "siwa.pending_bytes": "\(pending)",
            ])
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension WriteGuardHandler: Sendable {}
