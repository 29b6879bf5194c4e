import CPNGWriter

/// Encodes Cairo's ARGB32 pixels as an 8-bit PNG like Apple's (IHDR, sRGB, IDAT,
/// IEND), grey+alpha when every pixel is grey, as our buttons always are. The work is
/// in C (Sources/CPNGWriter): our own writer, and libpng's (which reports errors with
/// longjmp) kept for comparison.
enum PNGEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "PNG encoding failed: \(message)" }
    }

    /// Which writer makes the file. Both decode to the same pixels (PNGWriterTests).
    enum Writer: Sendable {
        /// Ours (siwa_png_encode_deflate): rows unfiltered, a row drawn like the one above
        /// copied rather than converted, and a run-aware DEFLATE that looks for matches at
        /// three distances only (one byte, one pixel, one row) in one dynamic-Huffman block.
        /// A button's rows are runs and repeats, so that finds what zlib's level 9 would,
        /// in one pass: 3-5× fewer instructions than libpng + zlib and 6-15% fewer bytes
        /// than resvg (docs/performance.md, "The PNG writer").
        case runs
        /// libpng + zlib at level 1, `Z_RLE`, the "up" filter (the writer until issue 36).
        case libpng
    }

    static let writer = Writer.runs

    /// libpng's zlib settings, measured with scripts/bench-render.sh: the "up" row filter
    /// turns the flat rows of a button into zeros and run-length zlib at level 1 packs them.
    static let tuning = siwa_png_tuning(level: 1, filters: 0x20 /* PNG_FILTER_UP */, strategy: 3 /* Z_RLE */)

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        try encode(pixels: pixels, width: width, height: height, stride: stride, writer: writer)
    }

    static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, writer: Writer
    ) throws -> [UInt8] {
        let sink = ByteSink()
        var message = [CChar](repeating: 0, count: 256)
        let status =
            switch writer {
            case .runs:
                // Level 0: our run-aware DEFLATE; filter 0: none (rows repeat at one row's distance).
                siwa_png_encode_deflate(
                    pixels, Int32(width), Int32(height), Int32(stride), 0, 0, ByteSink.append, sink.pointer, &message, message.count)
            case .libpng:
                siwa_png_encode(
                    pixels, Int32(width), Int32(height), Int32(stride), tuning, ByteSink.append, sink.pointer, &message, message.count)
            }
        guard status == 0 else {
            throw EncodeError(message: String(cBuffer: message))
        }
        return sink.bytes
    }
}
