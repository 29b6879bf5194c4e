import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The memory raster renders draw into, kept between renders. A fresh 2250 x 384 surface
/// (375 x 64 pt at @6x, 3.4 MB) is new pages from the kernel on every render, each faulted
/// in and zeroed: about 1,270 page faults and half the time of the whole render
/// (`Benchmarks/run.sh peers`, docs/performance.md). A buffer used a moment ago only needs
/// clearing. Last in, first out, so the buffer handed out is the warmest.
final class PixelBuffers: Sendable {
    /// One block of pixel memory, owned by whoever took it until it is given back.
    final class Buffer: @unchecked Sendable {
        let bytes: UnsafeMutableRawPointer
        let capacity: Int
        /// Whether every page has been written: only its owner reads or sets it.
        var touchedWhole = false

        init(capacity: Int) {
            // 64-byte aligned, as pixman's own allocations are for its SIMD paths.
            bytes = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 64)
            self.capacity = capacity
        }

        deinit { bytes.deallocate() }
    }

    /// Buffers kept: at most `count`, each of `largest` bytes (a larger render allocates
    /// its own and gives it back to the system). Bounded: `count` x `largest`.
    let count: Int, largest: Int
    private let free = Mutex<[Buffer]>([])

    /// 4 buffers of up to 4 MiB (the largest of Apple's buttons, 375 x 64 pt at @6x, is
    /// 3.4 MB): one per render thread of the default service (2) and of `generate` on up to
    /// 4 cores. They stay resident, so not one per thread of any `--workers`: with 16 kept,
    /// the worst-mix soak at `--workers 8` peaked 72 MB higher (docs/performance.md).
    static let shared = PixelBuffers(count: 4, largest: 4 << 20)

    init(count: Int, largest: Int) {
        self.count = count
        self.largest = largest
    }

    /// A cleared buffer of at least `size` bytes, for `body`; kept for the next render after.
    func withCleared<R>(_ size: Int, _ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        // Every kept block is `largest` bytes, touched whole the first time it is used
        // again: in a service or a generator the memory kept is resident from the first
        // renders on and does not creep up as larger buttons come (blocks sized to each
        // request drifted to larger ones, RSS rising for the whole run), while a process
        // that renders one button touches only the pages it draws (a 200 x 32 @1x render:
        // 7 pages, not the block's 1,024).
        let buffer: Buffer
        if size > largest {
            buffer = Buffer(capacity: size)
        } else if let kept = free.withLock({ $0.popLast() }) {
            if !kept.touchedWhole {
                memset(kept.bytes + size, 0, kept.capacity - size)
                kept.touchedWhole = true
            }
            buffer = kept
        } else {
            buffer = Buffer(capacity: largest)
        }
        defer {
            if buffer.capacity <= largest {
                free.withLock { buffers in
                    if buffers.count >= count { buffers.removeFirst() }  // the coldest goes
                    buffers.append(buffer)
                }
            }
        }
        memset(buffer.bytes, 0, size)
        return try body(buffer.bytes)
    }
}
