import Glibc
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SIWAButtons
import Testing
@testable import SIWAServer

@Suite struct RenderQueueTests {
    @Test("A full render queue answers 503 with Retry-After; the running render still completes")
    func saturated() async throws {
        let gate = RenderGate()
        defer { gate.open() }  // also when an expectation throws
        let renderer = TestRenderer(gate: gate)
        try await TestApp.make(renderer: renderer, workers: 1, queueDepth: 0).test(.router) { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/appleid/button?width=301", method: .get) }
                try await waitUntil { gate.entered == 1 }  // the only worker is busy

                let rejected = try await client.execute(uri: "/appleid/button?width=302", method: .get)
                #expect(rejected.status == .serviceUnavailable)
                #expect(rejected.headers[.retryAfter] == "1")
                #expect(rejected.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(rejected.headers[.cacheControl] == "no-store")
                #expect(rejected.headers[.eTag] == nil)
                let rejectedHead = try await client.execute(uri: "/appleid/button?width=302", method: .head)
                #expect(rejectedHead.status == .serviceUnavailable)
                #expect(rejectedHead.body.readableBytes == 0)

                gate.open()
                let first = try #require(try await group.next())
                #expect(first.status == .ok)
            }
            // Once the queue drains the refused button renders normally.
            let retried = try await client.execute(uri: "/appleid/button?width=302", method: .get)
            #expect(retried.status == .ok)
        }
        #expect(renderer.renderCount == 2)
    }

    @Test("Cache hits are served while the render queue is full")
    func hitsBypassQueue() async throws {
        let gate = RenderGate(freePasses: 1)
        defer { gate.open() }  // also when an expectation throws
        let renderer = TestRenderer(gate: gate)
        try await TestApp.make(renderer: renderer, workers: 1, queueDepth: 0).test(.router) { client in
            let warm = try await client.execute(uri: "/appleid/button?width=310", method: .get)
            #expect(warm.status == .ok)
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/appleid/button?width=311", method: .get) }
                try await waitUntil { gate.entered == 2 }  // the only worker is busy
                let miss = try await client.execute(uri: "/appleid/button?width=312", method: .get)
                #expect(miss.status == .serviceUnavailable)
                let hit = try await client.execute(uri: "/appleid/button?width=310", method: .get)
                #expect(hit.status == .ok)
                #expect(hit.bytes == warm.bytes)
                gate.open()
                for try await response in group { #expect(response.status == .ok) }
            }
        }
    }

    @Test("The queue admits workers + depth renders, refuses the next, and frees slots as renders end")
    func admission() async throws {
        let gate = RenderGate()
        defer { gate.open() }  // also when an expectation throws
        let queue = RenderQueue(workers: 1, depth: 1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                try await queue.run {
                    gate.pass(); return 1
                }
            }
            try await waitUntil { gate.entered == 1 }
            group.addTask {
                try await queue.run {
                    gate.pass(); return 2
                }
            }
            try await waitUntil { queue.load == 2 }
            await #expect(throws: RenderQueue.Full.self) { try await queue.run { 3 } }
            gate.open()
            var results: [Int] = []
            for try await value in group { results.append(value) }
            #expect(results.sorted() == [1, 2])
        }
        #expect(queue.load == 0)
        #expect(try await queue.run { 4 } == 4)
        try await queue.shutdown()
    }

    @Test("abandon() answers every render not finished at once, names them, and fails later ones; their threads go on")
    func abandon() async throws {
        let gate = RenderGate()
        defer { gate.open() }
        let queue = RenderQueue(workers: 1, depth: 1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                try await queue.run("png /appleid/button?width=301") {
                    gate.pass(); return 1
                }
            }
            try await waitUntil { gate.entered == 1 }  // on the only thread, held there
            group.addTask { try await queue.run("png /appleid/button?width=302") { 2 } }
            try await waitUntil { queue.load == 2 }
            #expect(queue.unfinished.count == 2)
            let names = queue.abandon()
            #expect(names.count == 2)
            #expect(names.first?.hasPrefix("png /appleid/button?width=301 (running ") == true, "\(names)")
            #expect(names.last?.hasPrefix("png /appleid/button?width=302 (waiting ") == true, "\(names)")
            for _ in 0..<2 {
                await #expect(throws: RenderQueue.Abandoned.self) { _ = try await group.next() }
            }
        }
        await #expect(throws: RenderQueue.Abandoned.self) { try await queue.run { 3 } }
        #expect(queue.unfinished.isEmpty)
        gate.open()  // the held thread finishes; nobody waits for its answer any more
        try await queue.shutdown()
    }

    @Test("A request refused with 503 is not a cache miss: misses count renders that ran")
    func refusedIsNotAMiss() async throws {
        let gate = RenderGate()
        defer { gate.open() }
        let queue = RenderQueue(workers: 1, depth: 0)
        let cache = RenderCache(
            capacityBytes: 0, queue: queue, backend: TestRenderer(gate: gate).backend,
            logger: Logger(label: "test"))
        let held = RenderKey(try ButtonRequest.parse("/appleid/button?width=321"))
        let refused = RenderKey(try ButtonRequest.parse("/appleid/button?width=322"))
        let running = Task { try await cache.answer(for: held) }
        try await waitUntil { gate.entered == 1 }
        await #expect(throws: RenderQueue.Full.self) { try await cache.answer(for: refused) }
        gate.open()
        _ = try await running.value
        #expect(cache.stats.misses == 1)
        try await queue.shutdown()
    }

    @Test("Concurrent identical requests share one render (coalescing)")
    func coalescing() async throws {
        let gate = RenderGate()
        defer { gate.open() }  // also when an expectation throws
        let renderer = TestRenderer(gate: gate)
        // No cache and no queue: without coalescing the followers would be refused
        // (the only worker is busy) or render again.
        let queue = RenderQueue(workers: 1, depth: 0)
        let cache = RenderCache(capacityBytes: 0, queue: queue, backend: renderer.backend, logger: Logger(label: "test"))
        let key = RenderKey(try ButtonRequest.parse("/appleid/button?width=320"))
        try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            for _ in 0..<5 {
                group.addTask { try await cache.answer(for: key).body }
            }
            try await waitUntil { cache.stats.misses == 1 && cache.stats.coalesced == 4 && gate.entered == 1 }
            gate.open()
            let expected = try expectedBytes("/appleid/button?width=320")
            for try await image in group {
                #expect(Array(buffer: image) == expected)
            }
        }
        #expect(renderer.renderCount == 1)
        #expect(cache.stats.entries == 0)
        try await queue.shutdown()
    }
}

@Suite struct LRUCacheTests {
    @Test("Evicts least recently used entries until the new one fits")
    func eviction() {
        var lru = LRUCache<String, Int>(capacity: 100)
        lru.insert(1, for: "a", cost: 40)
        lru.insert(2, for: "b", cost: 40)
        #expect(lru.value(for: "a") == 1)  // a is now the most recent
        #expect(lru.insert(3, for: "c", cost: 40) == 1)
        #expect(lru.value(for: "b") == nil)  // b was the least recent
        #expect(lru.keysByRecency == ["c", "a"])
        #expect(lru.totalCost == 80)
        #expect(lru.insert(4, for: "d", cost: 100) == 2)
        #expect(lru.keysByRecency == ["d"])
        #expect(lru.totalCost == 100)
    }

    @Test("A value larger than the capacity is not stored; replacing updates the cost")
    func oversizeAndReplace() {
        var lru = LRUCache<String, Int>(capacity: 50)
        lru.insert(1, for: "a", cost: 20)
        #expect(lru.insert(2, for: "big", cost: 51) == 0)
        #expect(lru.value(for: "big") == nil)
        #expect(lru.count == 1)
        lru.insert(3, for: "a", cost: 30)
        #expect(lru.value(for: "a") == 3)
        #expect(lru.totalCost == 30)
        #expect(lru.count == 1)
    }

    @Test("Slots are reused and the list stays consistent under churn")
    func churn() {
        var lru = LRUCache<Int, Int>(capacity: 10)
        for i in 0..<1000 {
            lru.insert(i, for: i, cost: 1 + i % 3)
            if i % 7 == 0 { _ = lru.value(for: i - 3) }
            #expect(lru.totalCost <= 10)
            #expect(lru.keysByRecency.count == lru.count)
        }
        #expect(lru.keysByRecency.first == 999)
    }

    @Test("Capacity 0 stores nothing")
    func zero() {
        var lru = LRUCache<Int, Int>(capacity: 0)
        lru.insert(1, for: 1, cost: 1)
        #expect(lru.count == 0)
        #expect(lru.value(for: 1) == nil)
    }
}

@Suite struct RenderThreadPriorityTests {
    @Test("Renders run at niceness 10, below the event loops, which keep the process's")
    func niceness() async throws {
        let queue = RenderQueue(workers: 1, depth: 0)
        let inside = try await queue.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(inside == RenderThreadPriority.niceness)
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) != RenderThreadPriority.niceness)
        try await queue.shutdown()
    }
}
