import CPNGWriter

/// Encodes Cairo's ARGB32 pixels as an 8-bit PNG like Apple's (IHDR, sRGB, IDAT,
/// IEND), grey+alpha when every pixel is grey, as our buttons always are. The libpng
/// work is in C (Sources/CPNGWriter) because libpng reports errors with longjmp.
enum PNGEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "PNG encoding failed: \(message)" }
    }

    /// zlib settings measured with scripts/bench-render.sh (README, "Performance"): the
    /// "up" row filter turns the flat rows of a button into zeros and run-length zlib
    /// at level 1 packs them; smaller than Apple's files at a fraction of level 6's time.
    static let tuning = siwa_png_tuning(level: 1, filters: 0x20 /* PNG_FILTER_UP */, strategy: 3 /* Z_RLE */)

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let sink = ByteSink()
        var message = [CChar](repeating: 0, count: 256)
        let status = siwa_png_encode(
            pixels, Int32(width), Int32(height), Int32(stride), tuning,
            { context, data, length in
                let sink = Unmanaged<ByteSink>.fromOpaque(context!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
            }, sink.pointer, &message, message.count)
        guard status == 0 else {
            throw EncodeError(message: String(cBuffer: message))
        }
        return sink.bytes
    }
}
