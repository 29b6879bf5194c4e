import CPNGWriter

/// Encodes Cairo's ARGB32 pixels as an 8-bit PNG like Apple's (IHDR, sRGB, IDAT, IEND),
/// grey+alpha when every pixel is grey, as our buttons always are. The work is in C
/// (Sources/CPNGWriter, siwa_png_encode_deflate): rows unfiltered, a row drawn like the one
/// above copied rather than converted, and a run-aware DEFLATE that looks for matches at
/// three distances only (one byte, one pixel, one row) in one dynamic-Huffman block. A
/// button's rows are runs and repeats, so that finds what zlib's level 9 would, in one
/// pass: 3-5× fewer instructions than libpng + zlib and 6-15% fewer bytes than resvg
/// (docs/performance.md, "The PNG writer"; libpng's writer is in Tools/CComparisonWriters).
enum PNGEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "PNG encoding failed: \(message)" }
    }

    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let sink = ByteSink()
        var message = [CChar](repeating: 0, count: 256)
        // Level 0: our run-aware DEFLATE; filter 0: none (rows repeat at one row's distance).
        let status = siwa_png_encode_deflate(
            pixels, Int32(width), Int32(height), Int32(stride), 0, 0, ByteSink.append, sink.pointer, &message, message.count)
        guard status == 0 else {
            throw EncodeError(message: String(cBuffer: message))
        }
        return sink.bytes
    }
}
