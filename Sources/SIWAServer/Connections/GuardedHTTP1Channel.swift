#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with our guards: connections past the limit are
/// refused (`RefuseConnectionHandler`), `ConnectionPolicyHandler` sits right after
/// NIO's decoder, `PipelineLimitHandler` after it (at most 4 pipelined requests read
/// ahead and unanswered), and `WriteGuardHandler` next to the socket closes connections whose
/// clients stop reading. Idle connections, and ones still sending their request head, are
/// closed by Hummingbird's idle timeout (it counts only whole request parts as activity,
/// so a header sent a byte at a time does not keep a connection open).
struct GuardedHTTP1Channel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        /// nil for a refused connection.
        let http: HTTP1Channel.Value?
        /// Completes when the client has gone (`ClientConnection`).
        var gone: EventLoopFuture<Void>? = nil
    }

    let http1: HTTP1Channel
    let limit: ConnectionLimit
    let writeTimeout: TimeAmount
    let budget: OutputBudget
    let pipelineLimit: Int
    /// Bytes of answers the kernel may hold unsent per connection (`TCP_NOTSENT_LOWAT`).
    static let unsentBytes = 128 << 10

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard limit.admit(channel) else {
            logger.debug("Connection refused: \(limit.maximum) open")
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RefuseConnectionHandler())
                return Value(channel: channel, http: nil)
            }
        }
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { http in
            // One socket read (2 KiB at first) per wake-up, not NIO's four: a client that
            // pipelines hundreds of requests has a few dozen parsed, then none while
            // `PipelineLimitHandler` holds its reads.
            try channel.syncOptions?.setOption(ChannelOptions.maxMessagesPerRead, value: 1)
            #if os(Linux)
            // At most 128 KiB of answers unsent in the kernel (what is in flight still
            // grows with the connection): an answer counts as written once the client
            // takes it, near enough, not once 4 MB of socket buffer have swallowed a
            // hundred answers nobody reads (62,481 answered to 600 non-reading clients in
            // 6 s without it).
            try channel.syncOptions?.setOption(
                .tcpOption(.init(rawValue: Int32(TCP_NOTSENT_LOWAT))), value: Self.unsentBytes)
            #endif
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let policy = ConnectionPolicyHandler()
            try pipeline.addHandler(policy, position: .after(decoder))
            try pipeline.addHandler(PipelineLimitHandler(limit: pipelineLimit), position: .after(policy))
            try pipeline.addHandler(WriteGuardHandler(timeout: writeTimeout, budget: budget, logger: logger), position: .first)
            // Next to the socket, so that a client's FIN is seen even while requests are held.
            let gone = ClientGoneHandler(eventLoop: channel.eventLoop)
            try pipeline.addHandler(gone, position: .first)
            return Value(channel: channel, http: http, gone: gone.gone)
        }
    }

    func handle(value: Value, logger: Logger) async {
        if let http = value.http {
            await ClientConnection.$gone.withValue(value.gone) {
                await http1.handle(value: http, logger: logger)
            }
        } else {
            try? await value.channel.closeFuture.get()
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the service's connection guards.
    static func guardedHTTP1(
        idleTimeout: TimeAmount, limit: ConnectionLimit, writeTimeout: TimeAmount,
        budget: OutputBudget, pipelineLimit: Int = PipelineLimitHandler.defaultLimit
    ) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)),
                limit: limit, writeTimeout: writeTimeout, budget: budget, pipelineLimit: pipelineLimit)
        }
    }
}
