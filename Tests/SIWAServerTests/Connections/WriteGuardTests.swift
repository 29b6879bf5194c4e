import Logging
import NIOCore
import NIOEmbedded
import Testing
@testable import SIWAServer

/// The write guard's bookkeeping against the output budget: an answer's bytes are taken at
/// its flush and given back once the socket has them, whether or not its writes came with
/// promises (a cache hit's head and body come without).
@Suite struct WriteGuardTests {
    /// The socket end of the pipeline: writes are held, their promises completed only when
    /// the test says the client took them, and failed when the channel closes.
    final class HeldSocket: ChannelOutboundHandler {
        typealias OutboundIn = IOData
        var held: [(bytes: Int, promise: EventLoopPromise<Void>?)] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            held.append((unwrapOutboundIn(data).readableBytes, promise))
        }

        func flush(context: ChannelHandlerContext) {}

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            complete { $0?.fail(ChannelError.ioOnClosedChannel) }
            context.close(mode: mode, promise: promise)
        }

        /// The client takes every byte written so far.
        func complete(_ finish: (EventLoopPromise<Void>?) -> Void = { $0?.succeed() }) {
            let writes = held
            held = []
            for write in writes { finish(write.promise) }
        }
    }

    static func guarded(budget: OutputBudget) throws -> (EmbeddedChannel, HeldSocket) {
        let socket = HeldSocket()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        try channel.pipeline.syncOperations.addHandler(socket)
        try channel.pipeline.syncOperations.addHandler(
            WriteGuardHandler(timeout: .seconds(60), budget: budget, logger: Logger(label: "test")))
        return (channel, socket)
    }

    static func bytes(_ count: Int) -> IOData {
        .byteBuffer(ByteBuffer(repeating: 0x41, count: count))
    }

    @Test("An answer's bytes are held against the budget from its flush until the socket takes them, with or without promises")
    func heldUntilTaken() throws {
        let budget = OutputBudget(capacity: 1 << 20)
        let (channel, socket) = try Self.guarded(budget: budget)
        // As a cache hit is written: head and body without a promise, the end's zero-length write with one.
        let end = channel.eventLoop.makePromise(of: Void.self)
        channel.write(Self.bytes(300), promise: nil)
        channel.write(Self.bytes(3000), promise: nil)
        #expect(budget.held == 0, "taken at the flush")
        channel.writeAndFlush(Self.bytes(0), promise: end)
        #expect(budget.held == 3300)
        #expect(socket.held.count == 3, "no write of the guard's own when the last write has a promise")
        socket.complete()
        #expect(budget.held == 0)

        // Without any promise: the guard adds a zero-length write with one, after the bytes.
        channel.write(Self.bytes(500), promise: nil)
        channel.flush()
        #expect(budget.held == 500)
        #expect(socket.held.map(\.bytes) == [500, 0])
        socket.complete()
        #expect(budget.held == 0)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("A connection behind is closed at the flush that would pass the budget, and its bytes are given back")
    func closedOverBudget() throws {
        let budget = OutputBudget(capacity: 250)
        let (channel, socket) = try Self.guarded(budget: budget)
        channel.writeAndFlush(Self.bytes(200), promise: nil)
        #expect(budget.held == 200)
        #expect(channel.isActive)
        // Behind by 200, and 200 + 100 > 250: closed, the 100 never taken.
        channel.writeAndFlush(Self.bytes(100), promise: nil)
        #expect(!channel.isActive)
        #expect(socket.held.isEmpty, "the closed channel's writes failed")
        #expect(budget.held == 0)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}
