import CWebP

/// Encodes Cairo's ARGB32 pixels as lossless WebP (VP8L) with libwebp's advanced API.
/// Cairo's pixels are premultiplied and WebP's are not: each pixel is un-premultiplied
/// exactly as the PNG writer does (Sources/CPNGWriter), so both files decode to the
/// same straight-alpha pixels. One thread and fixed settings: the same pixels give the
/// same bytes (the service's ETags depend on it).
enum WebPEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "WebP encoding failed: \(message)" }
    }

    /// libwebp's lossless preset (0 fastest ... 9 smallest), measured on the 2007
    /// images of the 37-locale set with scripts/bench-webp.sh --levels
    /// (docs/performance.md): 2 is the knee, 10% smaller than 1 at twice its time and
    /// smaller than 3-8, which take 2-6 times longer; 9 saves 0.1% more at 100 times.
    static let losslessLevel: Int32 = 2

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        try encode(pixels: pixels, width: width, height: height, stride: stride, level: losslessLevel)
    }

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, level: Int32) throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, level) != 0 else {
            throw EncodeError(message: "libwebp \(libraryVersion) does not match the headers this was built with")
        }
        // RGB under fully transparent pixels is free to change (smaller files); the PNG
        // has 0 there, and no viewer shows it.
        config.exact = 0
        config.thread_level = 0

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw EncodeError(message: "cannot set up a picture") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else { throw EncodeError(message: "out of memory for \(width) x \(height) px") }
        defer { WebPPictureFree(&picture) }
        unpremultiply(
            pixels, stride: stride, into: picture.argb, pictureStride: Int(picture.argb_stride),
            width: width, height: height)

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { sink in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(sink)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0 else { throw EncodeError(message: "libwebp error \(picture.error_code.rawValue)") }
        return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    }

    /// Straight-alpha ARGB words from premultiplied ones. Opaque and clear pixels (almost
    /// all of a button) take no division; anti-aliased edges round as the PNG writer does.
    private static func unpremultiply(
        _ source: UnsafePointer<UInt8>, stride: Int, into target: UnsafeMutablePointer<UInt32>,
        pictureStride: Int, width: Int, height: Int
    ) {
        for y in 0..<height {
            let row = UnsafeRawPointer(source + y * stride).assumingMemoryBound(to: UInt32.self)
            let out = target + y * pictureStride
            for x in 0..<width {
                let p = row[x], a = p >> 24
                if a == 255 || p == 0 {
                    out[x] = p
                } else if a == 0 {
                    out[x] = 0
                } else {
                    out[x] = a << 24 | channel(p >> 16 & 0xFF, a) << 16 | channel(p >> 8 & 0xFF, a) << 8 | channel(p & 0xFF, a)
                }
            }
        }
    }

    private static func channel(_ c: UInt32, _ a: UInt32) -> UInt32 {
        min((c * 255 + a / 2) / a, 255)
    }

    /// "libwebp 1.2.4", as loaded at run time (part of the service's ETags).
    static var libraryVersion: String {
        let v = WebPGetEncoderVersion()
        return "libwebp \(v >> 16 & 0xFF).\(v >> 8 & 0xFF).\(v & 0xFF)"
    }
}
