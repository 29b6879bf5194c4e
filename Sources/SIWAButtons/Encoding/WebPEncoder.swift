import CWebP
import CWebPWriter

/// Encodes Cairo's ARGB32 pixels as lossless WebP (a RIFF file with one VP8L chunk).
/// Cairo's pixels are premultiplied and WebP's are not: each pixel is un-premultiplied
/// exactly as the PNG writer does (Sources/CPNGWriter), so both files decode to the same
/// straight-alpha pixels. One thread and fixed settings: the same pixels give the same
/// bytes (the service's ETags depend on it).
enum WebPEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "WebP encoding failed: \(message)" }
    }

    /// Which writer makes the file. Both decode to the same pixels (WebPEncodingTests).
    enum Writer: Sendable, Equatable {
        /// Ours (Sources/CWebPWriter): backward references to the pixel above, the one
        /// before and repeated letters, prefix codes in three groups by what 32 x 32 blocks
        /// hold (flat, edges, label). 4% more bytes than libwebp's preset 2 over the
        /// 37-locale set, at a tenth of its time (docs/performance.md, "WebP against PNG").
        case runs
        /// libwebp's advanced API at this lossless preset (0 fastest ... 9 smallest); 2
        /// was the writer until issue 36.
        case libwebp(level: Int32)
    }

    static let writer = Writer.runs

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        try encode(pixels: pixels, width: width, height: height, stride: stride, writer: writer)
    }

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, writer: Writer) throws -> [UInt8] {
        switch writer {
        case .runs:
            let sink = ByteSink()
            var message = [CChar](repeating: 0, count: 256)
            let status = siwa_webp_encode(
                pixels, Int32(width), Int32(height), Int32(stride), ByteSink.append, sink.pointer, &message, message.count)
            guard status == 0 else { throw EncodeError(message: String(cBuffer: message)) }
            return sink.bytes
        case .libwebp(let level):
            return try encodeWithLibWebP(pixels: pixels, width: width, height: height, stride: stride, level: level)
        }
    }

    private static func encodeWithLibWebP(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, level: Int32
    ) throws -> [UInt8] {
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

    /// "libwebp 1.2.4", as loaded at run time: the comparison writer's, not in our files' bytes.
    static var libraryVersion: String {
        let v = WebPGetEncoderVersion()
        return "libwebp \(v >> 16 & 0xFF).\(v >> 8 & 0xFF).\(v & 0xFF)"
    }
}
