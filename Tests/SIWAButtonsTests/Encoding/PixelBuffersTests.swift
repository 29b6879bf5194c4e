import Foundation
import Testing

@testable import SIWAButtons

/// The pixel memory kept between raster renders: handed out cleared, bounded in number
/// and size, and a render after another draws what it draws alone.
@Suite("Pixel buffers")
struct PixelBuffersTests {
    @Test("A buffer given back dirty is handed out again cleared")
    func clearedOnReuse() {
        let pool = PixelBuffers(count: 2, largest: 1 << 20)
        var first: UnsafeMutableRawPointer?
        pool.withCleared(4096) { memory in
            first = memory
            memset(memory, 0xFF, 4096)
        }
        pool.withCleared(1000) { memory in
            #expect(memory == first)  // the same block, kept
            let bytes = UnsafeBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: 1000)
            #expect(bytes.allSatisfy { $0 == 0 })
        }
    }

    @Test("At most `count` buffers are kept, none larger than `largest`; a thrown body gives its buffer back")
    func bounded() throws {
        struct Failure: Error {}
        let pool = PixelBuffers(count: 1, largest: 8192)
        var kept: UnsafeMutableRawPointer?
        #expect(throws: Failure.self) {
            try pool.withCleared(8192) { memory in
                kept = memory
                throw Failure()
            }
        }
        pool.withCleared(16384) { memory in #expect(memory != kept) }  // too large to come from the pool
        pool.withCleared(100) { memory in #expect(memory == kept) }  // the large one was not kept
        // Two at once: the second is new; of the two given back, one is kept.
        pool.withCleared(100) { a in
            pool.withCleared(100) { b in #expect(a != b) }
        }
    }

    /// Pages the process has faulted in so far.
    static func pageFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }

    @Test("A block's first use touches only what it clears (a one-shot render); its next use touches it whole")
    func touchedWhenUsedAgain() {
        // 64 MiB, 16,384 pages: far above whatever else the process faults in meanwhile.
        let pool = PixelBuffers(count: 1, largest: 64 << 20)
        let first = Self.pageFaults()
        pool.withCleared(4096) { _ in }
        let second = Self.pageFaults()
        pool.withCleared(4096) { _ in }
        let third = Self.pageFaults()
        #expect(second - first < 4_000, "a first use faulted \(second - first) pages in")
        #expect(third - second > 15_000, "the block's second use faulted only \(third - second) pages in")
    }

    @Test("A button rendered after a larger, darker one is byte for byte the button rendered first")
    func noLeftovers() throws {
        let renderer = try ButtonRenderer.shared()
        let small = try ButtonRequest.parse("/appleid/button?color=white&border=true&width=140&height=30&border_radius=50&scale=2")
        let large = try ButtonRequest.parse("/appleid/button?width=375&height=64&scale=6")
        let before = try renderer.render(small.spec, format: .png, scale: 2)
        for _ in 0..<3 {
            _ = try renderer.render(large.spec, format: .png, scale: 6)
            #expect(try renderer.render(small.spec, format: .png, scale: 2) == before)
            _ = try renderer.render(large.spec, format: .webp, scale: 6)
            #expect(try renderer.render(small.spec, format: .png, scale: 2) == before)
        }
    }
}
