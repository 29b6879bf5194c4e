import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import SIWAButtons
import Testing
@testable import SIWAServer

/// `CachedImageMiddleware`: a cache hit answered first in the chain must be the answer
/// the long way gives, with the same log line and metrics.
@Suite struct CachedImageTests {
    static let target = "/appleid/button/left?width=230&height=40&scale=2&locale=de_DE"

    /// Headers without the per-answer Date.
    static func headers(_ response: TestResponse) -> [String] {
        response.headers.filter { $0.name != .date }.map { "\($0.name): \($0.value)" }.sorted()
    }

    @Test("A hit answers exactly as the long way: GET, HEAD, 304, and with an Origin")
    func sameAnswer() async throws {
        try await TestApp.make().test(.router) { client in
            let miss = try await client.execute(uri: Self.target, method: .get)  // rendered, the long way
            let hit = try await client.execute(uri: Self.target, method: .get)  // from the cache, first in the chain
            #expect(miss.status == .ok && hit.status == .ok)
            #expect(hit.bytes == miss.bytes)
            #expect(Self.headers(hit) == Self.headers(miss))

            let head = try await client.execute(uri: Self.target, method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect(Self.headers(head) == Self.headers(miss))

            let eTag = try #require(miss.headers[.eTag])
            let revalidated = try await client.execute(uri: Self.target, method: .get, headers: [.ifNoneMatch: eTag])
            #expect(revalidated.status == .notModified && revalidated.body.readableBytes == 0)
            #expect(revalidated.headers[.eTag] == eTag)
            #expect(revalidated.headers[.accessControlAllowOrigin] == "*")

            // Cross-origin fetches keep CORSMiddleware's treatment.
            let cors = try await client.execute(uri: Self.target, method: .get, headers: [.origin: "https://a.example"])
            #expect(cors.status == .ok && cors.bytes == miss.bytes)
            #expect(cors.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test("A hit is logged like any answer")
    func logged() async throws {
        let records = NIOLockedValueBox<[Logger.Metadata]>([])
        var logger = Logger(label: "siwa-buttons-tests") { _ in CollectingLogHandler(records: records) }
        logger.logLevel = .info
        try await TestApp.make(logger: logger).test(.router) { client in
            _ = try await client.execute(uri: Self.target, method: .get)
            _ = try await client.execute(uri: Self.target, method: .get)
        }
        let answers = records.withLockedValue { $0 }.filter { $0["http.response.status_code"] != nil }
        #expect(
            answers.map { "\($0["hb.request.path"]!) \($0["http.response.status_code"]!)" }
                == ["\(Self.target) 200", "\(Self.target) 200"])
    }

    @Test("Remembered request targets stay bounded however many are asked for")
    func targetsBounded() async throws {
        let queue = RenderQueue(workers: 1, depth: 4)
        let cache = RenderCache(
            capacityBytes: 1 << 20, queue: queue, backend: TestRenderer().backend,
            logger: Logger(label: "test"))
        let key = RenderKey(try ButtonRequest.parse("/appleid/button/logo?size=40"))
        _ = try await cache.answer(for: key)
        // One image, asked for under many spellings (as an attacker would).
        for n in 0..<(RenderCache.maxTargets + 100) {
            #expect(cache.cachedAnswer(forTarget: "/appleid/button/logo?size=40&n=\(n)", key: { key }) != nil)
        }
        #expect(cache.stats.targets <= RenderCache.maxTargets)
        #expect(cache.stats.targets > 0)
        try await queue.shutdown()
    }
}
