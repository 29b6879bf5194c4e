/// Pixels for the writers' tests (PNG and WebP) that buttons do not have: noise from a
/// fixed seed (a PCG step), so every run writes the same images, and premultiplied
/// ARGB32 words as Cairo holds them.
struct SyntheticPixels {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> UInt32 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt32(truncatingIfNeeded: state >> 33)
    }

    static func premultiplied(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        a << 24 | (r * a / 255) << 16 | (g * a / 255) << 8 | (b * a / 255)
    }
}
