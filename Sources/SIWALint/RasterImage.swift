import CCairo
import CSVGRaster
import CWebP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image of a button as straight (not premultiplied) RGBA bytes, with the number of
/// pixels per point it was drawn at.
package struct RasterImage: Sendable {
    package let width: Int
    package let height: Int
    /// Pixels per point: `--scale` for PNGs; for SVGs the factor they were rasterised at.
    package let scale: Double
    /// `width * height * 4` bytes, rows top to bottom, R G B A.
    package let rgba: [UInt8]

    package init(width: Int, height: Int, scale: Double, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4)
        self.width = width; self.height = height; self.scale = scale; self.rgba = rgba
    }

    /// Channels 0...1 of the pixel at (x, y).
    @inline(__always) func pixel(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double, a: Double) {
        let i = (y * width + x) * 4
        return (Double(rgba[i]) / 255, Double(rgba[i + 1]) / 255, Double(rgba[i + 2]) / 255, Double(rgba[i + 3]) / 255)
    }

    /// Reads a PNG or WebP (`scale` pixels per point) or an SVG (rasterised so it is
    /// measured at least 4 pixels per point and 256 pixels tall). The kind comes from the
    /// bytes.
    package static func load(path: String, scale: Double) throws(ImageLoadError) -> RasterImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                throw ImageLoadError(path: path, reason: isFolder ? "it is a folder" : "permission denied")
            }
            throw ImageLoadError(path: path, reason: "no such file")
        }
        return try decode([UInt8](data), path: path, scale: scale)
    }

    /// Decodes PNG, WebP or SVG bytes; `path` names them in errors.
    package static func decode(_ bytes: [UInt8], path: String, scale: Double) throws(ImageLoadError) -> RasterImage {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return try png(bytes, path: path, scale: scale)
        }
        // RIFF....WEBP
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try webp(bytes, path: path, scale: scale)
        }
        if looksLikeSVG(bytes) { return try svg(bytes, path: path) }
        throw ImageLoadError(path: path, reason: "not a PNG, WebP or SVG image")
    }

    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        return head.contains("<svg")
    }

    /// Larger images are not buttons, and would cost hundreds of MB to measure.
    static let maximumSide = 8192

    /// At most 4096 x 4096 pixels in all: decoded, then held as RGBA, that is 128 MB (a
    /// PNG bomb of 8192 x 8192 would take over 512 MB).
    static let maximumPixels = 4096 * 4096

    /// Refuses an image whose header claims more than `maximumSide` pixels on a side, or
    /// more than `maximumPixels`.
    private static func checkSize(_ w: Int, _ h: Int, path: String) throws(ImageLoadError) {
        if w > maximumSide || h > maximumSide {
            throw ImageLoadError(path: path, reason: "it is \(w) x \(h) px, larger than \(maximumSide) px on a side")
        }
        if w * h > maximumPixels {
            throw ImageLoadError(path: path, reason: "it is \(w) x \(h) px, more than \(maximumPixels) pixels")
        }
    }

    private static func png(_ bytes: [UInt8], path: String, scale: Double) throws(ImageLoadError) -> RasterImage {
        // IHDR's width and height, before Cairo allocates the pixels. PNG requires IHDR
        // first, 13 bytes long: anything else there is not a size to trust.
        let be = { (i: Int) in bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 33, be(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageLoadError(path: path, reason: "not a readable PNG (its first chunk is not a header, IHDR)")
        }
        try checkSize(be(16), be(20), path: path)
        let reader = ByteReader(bytes)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(ByteReader.read, Unmanaged.passUnretained(reader).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo reports every libpng error as "out of memory"; the size is known to be small here.
            let reason =
                status == CAIRO_STATUS_NO_MEMORY
                ? "corrupt or truncated data"
                : String(cString: cairo_status_to_string(status))
            throw ImageLoadError(path: path, reason: "not a readable PNG (\(reason))")
        }
        return from(surface: surface, scale: scale)
    }

    /// libwebp decodes straight (not premultiplied) RGBA, which is what we hold.
    private static func webp(_ bytes: [UInt8], path: String, scale: Double) throws(ImageLoadError) -> RasterImage {
        var w: Int32 = 0, h: Int32 = 0
        // The header's size, before libwebp allocates the pixels.
        guard WebPGetInfo(bytes, bytes.count, &w, &h) != 0 else {
            throw ImageLoadError(path: path, reason: "not a readable WebP")
        }
        try checkSize(Int(w), Int(h), path: path)
        guard let pixels = WebPDecodeRGBA(bytes, bytes.count, &w, &h) else {
            throw ImageLoadError(path: path, reason: "not a readable WebP")
        }
        defer { WebPFree(pixels) }
        let rgba = Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4))
        return RasterImage(width: Int(w), height: Int(h), scale: scale, rgba: rgba)
    }

    /// An SVG larger than this is not a button (ours are tens of KB) and is refused unread.
    static let maximumSVGBytes = 1 << 20
    /// Memory the child process reading an SVG may allocate beyond what it inherits: a
    /// document needing more (2 MB of text, chained blurs) is refused, so `lint` stays
    /// under 512 MB whatever it reads.
    static let svgMemoryBytes = 320 << 20

    /// Read by librsvg in a child process (`siwa_svg_rasterize_bounded`): librsvg cannot
    /// be interrupted, and some documents take gigabytes, which the child's memory limit
    /// turns into one error instead of an OOM kill. Rasterised at least 4 pixels per point
    /// and 256 px tall, at most 4096 px on a side.
    private static func svg(_ bytes: [UInt8], path: String) throws(ImageLoadError) -> RasterImage {
        guard bytes.count <= maximumSVGBytes else {
            throw ImageLoadError(
                path: path, reason: "the SVG is \(bytes.count) bytes, more than the \(maximumSVGBytes >> 20) MiB a button's may be")
        }
        var error = [CChar](repeating: 0, count: 256)
        var factor = 1.0
        let surface = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                siwa_svg_rasterize_bounded($0.baseAddress, $0.count, svgMemoryBytes, 3_600, &factor, &error, error.count)
            }
        }
        guard let surface else { throw ImageLoadError(path: path, reason: String(cBuffer: error)) }
        defer { cairo_surface_destroy(surface) }
        return from(surface: surface, scale: factor)
    }

    /// Cairo's native-endian premultiplied ARGB32 (or RGB24) as straight RGBA.
    static func from(surface: OpaquePointer, scale: Double) -> RasterImage {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        var out = [UInt8](repeating: 0, count: w * h * 4)
        guard let data = cairo_image_surface_get_data(surface) else { return RasterImage(width: w, height: h, scale: scale, rgba: out) }
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * h) { words in
            for y in 0..<h {
                for x in 0..<w {
                    let p = words[y * stride / 4 + x]
                    let a = opaque ? 255 : Int(p >> 24)
                    let i = (y * w + x) * 4
                    guard a > 0 else { continue }
                    let un = { (c: UInt32) in UInt8(min(255, (Int(c & 0xFF) * 255 + a / 2) / a)) }
                    out[i] = un(p >> 16); out[i + 1] = un(p >> 8); out[i + 2] = un(p); out[i + 3] = UInt8(a)
                }
            }
        }
        return RasterImage(width: w, height: h, scale: scale, rgba: out)
    }

    /// A Cairo ARGB32 surface of the image (premultiplied), for drawing on it. The caller destroys it.
    func surface() -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let a = UInt32(rgba[i + 3])
                    let pre = { (c: UInt8) in (UInt32(c) * a + 127) / 255 }
                    words[y * stride / 4 + x] = a << 24 | pre(rgba[i]) << 16 | pre(rgba[i + 1]) << 8 | pre(rgba[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Feeds bytes to Cairo's PNG reader.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let read: cairo_read_func_t = { closure, data, length in
        let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
        let n = Int(length)
        guard reader.offset + n <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        reader.bytes.withUnsafeBufferPointer { buffer in
            data!.update(from: buffer.baseAddress! + reader.offset, count: n)
        }
        reader.offset += n
        return CAIRO_STATUS_SUCCESS
    }
}

/// An image file that cannot be read: status 1, one line.
package struct ImageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "Cannot read '\(path)': \(reason)." }
}
