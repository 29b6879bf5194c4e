import CWebPWriter

/// Encodes Cairo's ARGB32 pixels as lossless WebP (a RIFF file with one VP8L chunk), by
/// our writer (Sources/CWebPWriter): backward references to the pixel above, the one
/// before and repeated letters, prefix codes in three groups by what 32 x 32 blocks hold
/// (flat, edges, label). 4% more bytes than libwebp's preset 2 over the 37-locale set, at
/// a tenth of its time (docs/performance.md, "WebP against PNG"; libwebp's writer is in
/// Tools/CComparisonWriters). Cairo's pixels are premultiplied and WebP's are not: each
/// pixel is un-premultiplied exactly as the PNG writer does, so both files decode to the
/// same straight-alpha pixels. Fixed settings: the same pixels give the same bytes (the
/// service's ETags depend on it).
enum WebPEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "WebP encoding failed: \(message)" }
    }

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let sink = ByteSink()
        var message = [CChar](repeating: 0, count: 256)
        let status = siwa_webp_encode(
            pixels, Int32(width), Int32(height), Int32(stride), ByteSink.append, sink.pointer, &message, message.count)
        guard status == 0 else { throw EncodeError(message: String(cBuffer: message)) }
        return sink.bytes
    }
}
