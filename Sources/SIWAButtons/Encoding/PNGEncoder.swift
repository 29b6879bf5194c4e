import CPNG

/// Encodes Cairo's premultiplied ARGB32 pixels as an 8-bit PNG with libpng's
/// simplified API (IHDR, sRGB, IDAT, IEND, like Apple's). Colour is un-premultiplied,
/// fully transparent pixels become (0,0,0,0), and when every pixel is grey, as our
/// buttons always are, it writes grey+alpha: half the bytes to compress, same pixels.
enum PNGEncoder {
    // PNG_FORMAT_GA and PNG_FORMAT_RGBA are flag expressions Swift cannot import.
    private static let pngGreyAlpha = UInt32(PNG_FORMAT_FLAG_ALPHA)
    private static let pngRGBA = UInt32(PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLOR)

    struct EncodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { "PNG encoding failed: \(message)" }
    }

    /// - Parameters:
    ///   - pixels: Cairo ARGB32 (native-endian 32-bit words, premultiplied alpha).
    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let count = width * height
        var grey = [UInt8](repeating: 0, count: count * 2)
        var isGrey = true
        pixels.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                let row = words + y * (stride / 4)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    if r != g || g != b { isGrey = false }
                    let i = (y * width + x) * 2
                    grey[i] = unpremultiply(r, a)
                    grey[i + 1] = UInt8(a)
                }
            }
        }
        if isGrey {
            return try write(grey, width: width, height: height, format: pngGreyAlpha)
        }
        var rgba = [UInt8](repeating: 0, count: count * 4)
        pixels.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                let row = words + y * (stride / 4)
                for x in 0..<width {
                    let p = row[x], a = p >> 24, i = (y * width + x) * 4
                    rgba[i] = unpremultiply((p >> 16) & 0xFF, a)
                    rgba[i + 1] = unpremultiply((p >> 8) & 0xFF, a)
                    rgba[i + 2] = unpremultiply(p & 0xFF, a)
                    rgba[i + 3] = UInt8(a)
                }
            }
        }
        return try write(rgba, width: width, height: height, format: pngRGBA)
    }

    @inline(__always)
    private static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
        switch a {
        case 0: 0
        case 255: UInt8(c)
        default: UInt8(min(255, (c * 255 + a / 2) / a))
        }
    }

    private static func write(_ data: [UInt8], width: Int, height: Int, format: UInt32) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        let channels = format == pngGreyAlpha ? 2 : 4
        var size: png_alloc_size_t = 0
        // First call sizes the output, second writes it.
        let ok = data.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, Int32(width * channels), nil)
        }
        guard ok != 0 else { throw EncodeError(message: message(image)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok2 = data.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, Int32(width * channels), nil)
            }
        }
        guard ok2 != 0 else { throw EncodeError(message: message(image)) }
        out.removeSubrange(Int(size)...)
        return out
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
