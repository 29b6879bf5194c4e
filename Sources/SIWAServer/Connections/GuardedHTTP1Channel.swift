import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with our guards: connections past the limit are
/// refused (`RefuseConnectionHandler`), `ConnectionPolicyHandler` sits right after
/// NIO's decoder, and `WriteGuardHandler` next to the socket closes connections whose
/// clients stop reading. Idle connections, and ones still sending their request head, are
/// closed by Hummingbird's idle timeout (it counts only whole request parts as activity,
/// so a header sent a byte at a time does not keep a connection open).
struct GuardedHTTP1Channel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        /// nil for a refused connection.
        let http: HTTP1Channel.Value?
    }

    let http1: HTTP1Channel
    let limit: ConnectionLimit
    let writeTimeout: TimeAmount
    let budget: OutputBudget

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard limit.admit(channel) else {
            logger.debug("Connection refused: \(limit.maximum) open")
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RefuseConnectionHandler())
                return Value(channel: channel, http: nil)
            }
        }
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { http in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionPolicyHandler(), position: .after(decoder))
            try pipeline.addHandler(WriteGuardHandler(timeout: writeTimeout, budget: budget, logger: logger), position: .first)
            return Value(channel: channel, http: http)
        }
    }

    func handle(value: Value, logger: Logger) async {
        if let http = value.http {
            await http1.handle(value: http, logger: logger)
        } else {
            try? await value.channel.closeFuture.get()
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the service's connection guards.
    static func guardedHTTP1(
        idleTimeout: TimeAmount, limit: ConnectionLimit, writeTimeout: TimeAmount,
        budget: OutputBudget
    ) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)),
                limit: limit, writeTimeout: writeTimeout, budget: budget)
        }
    }
}
