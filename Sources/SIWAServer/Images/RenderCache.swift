import Metrics
import Dispatch
import Logging
import Synchronization
import NIOCore
import SIWAButtons

/// Encoded images by request, as ready answers (bytes, ETag, headers): an LRU bounded
/// by bytes in front of the render queue, with coalescing so that concurrent requests
/// for the same image share one render. A hit costs a lock and a hash lookup.
final class RenderCache: Sendable {
    /// Counts since start, kept beside the Prometheus counters (which are per process)
    /// so that one cache can be observed on its own.
    struct Stats: Equatable, Sendable {
        var hits = 0
        var misses = 0
        var coalesced = 0
        var entries = 0
        var bytes = 0
        /// Request targets remembered for the hot path (at most `maxTargets`).
        var targets = 0
    }

    private struct State: Sendable {
        var images: LRUCache<RenderKey, ImageAnswer>
        var inFlight: [RenderKey: Task<ImageAnswer, any Error>] = [:]
        /// Request targets seen to name a cached image, so that a repeat skips parsing.
        /// Bounded by count (emptied when full): targets are at most `maxURILength`
        /// (2 KB), so 4,096 of them are at most about 9 MB, whatever is asked.
        var targets: [String: RenderKey] = [:]
        var stats = Stats()
    }

    /// Per-entry bookkeeping besides the image's buffer (key twice, LRU node, dictionary
    /// slot, the answer's headers, the buffer's storage object and malloc's headers),
    /// measured with the soak check, so that many tiny images cannot exceed the bound.
    static let entryOverhead = 1024

    /// What an entry really costs: its buffer's capacity (NIO rounds it up to a power of
    /// two, 1.5x the image on average) plus the bookkeeping.
    static func cost(of answer: ImageAnswer) -> Int {
        answer.body.capacity + entryOverhead
    }

    private let state: Mutex<State>
    private let queue: RenderQueue
    private let backend: RenderBackend
    private let metrics = CacheMetrics()
    private let logger: Logger

    init(capacityBytes: Int, queue: RenderQueue, backend: RenderBackend, logger: Logger) {
        state = Mutex(State(images: LRUCache(capacity: capacityBytes)))
        self.queue = queue
        self.backend = backend
        self.logger = logger
    }

    /// The answer, from the cache, from a render under way, or rendered now.
    /// Throws `RenderQueue.Full` when it would have to render and the queue is full.
    func answer(for key: RenderKey) async throws -> ImageAnswer {
        enum Lookup {
            case hit(ImageAnswer)
            case wait(Task<ImageAnswer, any Error>)
        }
        let lookup: Lookup = state.withLock { state in
            if let image = state.images.value(for: key) {
                state.stats.hits += 1
                metrics.hits.increment()
                return .hit(image)
            }
            if let running = state.inFlight[key] {
                state.stats.coalesced += 1
                metrics.coalesced.increment()
                return .wait(running)
            }
            // The task takes this lock when it ends, so it cannot finish before it is
            // registered here. It is not cancelled with the request: other requests
            // may be waiting on it, and its result is cached either way.
            let render = Task { try await self.renderAndStore(key) }
            state.inFlight[key] = render
            return .wait(render)
        }
        switch lookup {
        case .hit(let image): return image
        case .wait(let task): return try await task.value
        }
    }

    var stats: Stats {
        state.withLock { state in
            var stats = state.stats
            stats.entries = state.images.count
            stats.bytes = state.images.totalCost
            stats.targets = state.targets.count
            return stats
        }
    }

    private func countMiss() {
        state.withLock { $0.stats.misses += 1 }
        metrics.misses.increment()
    }

    static let maxTargets = 4096

    /// The cached answer for a raw request target (path and query as sent), counted as a
    /// hit, or nil (nothing counted) when not cached. `key` parses the target; it runs
    /// only for a target not seen before, outside the lock.
    func cachedAnswer(forTarget target: String, key: () -> RenderKey?) -> ImageAnswer? {
        let known: ImageAnswer?? = state.withLock { state in
            guard let key = state.targets[target] else { return .none }
            return .some(hit(key, &state))
        }
        if let known { return known }
        guard let key = key() else { return nil }
        return state.withLock { state in
            guard let answer = hit(key, &state) else { return nil }
            if state.targets.count >= Self.maxTargets { state.targets.removeAll(keepingCapacity: true) }
            state.targets[target] = key
            return answer
        }
    }

    private func hit(_ key: RenderKey, _ state: inout State) -> ImageAnswer? {
        guard let answer = state.images.value(for: key) else { return nil }
        state.stats.hits += 1
        metrics.hits.increment()
        return answer
    }

    /// The cached answer's ETag without counting a hit or touching recency, if cached.
    func cachedETag(for key: RenderKey) -> String? {
        state.withLock { $0.images.peek(key)?.eTag }
    }

    private func renderAndStore(_ key: RenderKey) async throws -> ImageAnswer {
        let result: Result<ImageAnswer, any Error>
        do {
            let render = backend.render
            // Timed on the worker thread: the histogram shows rendering, not queueing.
            let (bytes, elapsed) = try await queue.run("\(key.format.rawValue) \(key.target)") {
                // Counted once a worker takes it: a request refused with 503 rendered nothing.
                self.countMiss()
                let started = DispatchTime.now().uptimeNanoseconds
                let bytes = try render(key.spec, key.format, Double(key.scale))
                return (bytes, DispatchTime.now().uptimeNanoseconds - started)
            }
            metrics.recordRender(key.format, nanoseconds: Int64(elapsed))
            logger.debug(
                "Rendered",
                metadata: [
                    "siwa.target": "\(key.target)", "siwa.format": "\(key.format.rawValue)",
                    "siwa.bytes": "\(bytes.count)", "siwa.ms": "\(Double(elapsed) / 1e6)",
                ])
            result = .success(ImageAnswer(body: ByteBuffer(bytes: bytes), eTag: backend.eTag(for: key), format: key.format))
        } catch is RenderQueue.Full {
            metrics.rejected.increment()
            result = .failure(RenderQueue.Full())
        } catch is RenderQueue.Abandoned {
            // Shutting down: the one line naming the stuck renders is the service's.
            result = .failure(RenderQueue.Abandoned())
        } catch {
            metrics.failures.increment()
            logger.error(
                "Render failed",
                metadata: [
                    "siwa.target": "\(key.target)", "siwa.format": "\(key.format.rawValue)",
                    "error": "\(error)",
                ])
            result = .failure(error)
        }
        state.withLock { state in
            state.inFlight[key] = nil
            if case .success(let answer) = result {
                let evicted = state.images.insert(answer, for: key, cost: Self.cost(of: answer))
                if evicted > 0 { metrics.evictions.increment(by: Int64(evicted)) }
                metrics.bytes.record(state.images.totalCost)
                metrics.entries.record(state.images.count)
            }
        }
        return try result.get()
    }
}
