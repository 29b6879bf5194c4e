import Synchronization
import CAllocator

/// Text engines (Pango is not thread-safe per context), one per concurrent render.
///
/// Pango, Cairo and HarfBuzz keep a font object, glyph cache and shaping data for every
/// font size a font map has drawn at, for the life of the font map. Anyone can ask for
/// millions of distinct sizes, so an engine that has drawn at `maxTextSizes` distinct
/// sizes (size x scale) is retired after its render and a fresh one takes its place:
/// memory stays bounded, and bytes do not change (each engine draws the same).
final class EnginePool: @unchecked Sendable {
    /// Distinct text sizes an engine may have drawn before it is retired. Measured: about
    /// 0.1 MB each; recreating an engine costs about one render.
    static let maxTextSizes = 64

    /// Used by one render at a time: the pool hands a slot out and takes it back.
    private final class Slot: @unchecked Sendable {
        let engine: TextEngine
        var sizes = Set<TextSize>()
        init(engine: TextEngine) { self.engine = engine }
    }

    private struct TextSize: Hashable {
        var fontSize: Double
        var scale: Double
    }

    private struct Engines {
        var idle: [Slot] = []
        var retired = 0
    }

    private let fonts: FontLibrary
    private let engines = Mutex(Engines())

    init(fonts: FontLibrary) { self.fonts = fonts }

    /// Engines retired so far (for tests and metrics).
    var retiredEngines: Int { engines.withLock { $0.retired } }

    /// Runs `body` with an engine; `body` returns its result and the text size it drew at.
    func with<R>(_ body: (TextEngine) throws -> (R, fontSize: Double?, scale: Double)) rethrows -> R {
        var slot: Slot? = engines.withLock { $0.idle.popLast() } ?? Slot(engine: TextEngine(fonts: fonts))
        var keep = true
        defer {
            if keep {
                let kept = slot!
                engines.withLock { $0.idle.append(kept) }
            } else {
                engines.withLock { $0.retired += 1 }
                // Free the retired engine's fonts and caches, then hand the pages back.
                slot = nil
                siwa_release_free_memory()
            }
        }
        // An engine whose fonts failed cannot recover (Pango keeps the failed font).
        defer { keep = keep && slot!.engine.fontFailure == nil }
        let (result, fontSize, scale) = try body(slot!.engine)
        if let fontSize {
            slot!.sizes.insert(TextSize(fontSize: fontSize, scale: scale))
            keep = slot!.sizes.count < Self.maxTextSizes
        }
        return result
    }
}
