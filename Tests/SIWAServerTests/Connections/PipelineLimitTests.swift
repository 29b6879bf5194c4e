import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import SIWAServer

/// At most `limit` pipelined requests are passed on unanswered; the rest wait, in order,
/// until answers are written, and the connection is not read meanwhile.
@Suite struct PipelineLimitTests {
    /// A read() that reaches the socket end of the pipeline, counted.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = Any
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    static func head(_ uri: String) -> HTTPServerRequestPart {
        .head(HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: ["host": "a"]))
    }

    /// The URIs of the request heads that came out of the handler.
    static func passedURIs(_ channel: EmbeddedChannel) throws -> [String] {
        var uris: [String] = []
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            if case .head(let head) = part { uris.append(head.uri) }
        }
        return uris
    }

    @Test("Ten pipelined requests: four passed on, one more per answer written, in order; reading resumes under the limit")
    func limit() throws {
        let counter = ReadCounter()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()  // active, as a connection is
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(PipelineLimitHandler(limit: 4))
        for i in 0..<10 {
            try channel.writeInbound(Self.head("/\(i)"))
            try channel.writeInbound(HTTPServerRequestPart.end(nil))
        }
        #expect(try Self.passedURIs(channel) == ["/0", "/1", "/2", "/3"])
        channel.read()
        #expect(counter.reads == 0, "at the limit the connection is not read")

        let answer = HTTPResponseHead(version: .http1_1, status: .ok)
        try channel.writeOutbound(HTTPServerResponsePart.head(answer))
        #expect(try Self.passedURIs(channel) == [], "an answer counts once its end is written")
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        #expect(try Self.passedURIs(channel) == ["/4"])
        for _ in 0..<5 {
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
        #expect(try Self.passedURIs(channel) == ["/5", "/6", "/7", "/8", "/9"])
        #expect(counter.reads == 0)
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        #expect(counter.reads == 1, "the read held is passed on once under the limit with nothing waiting")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}
