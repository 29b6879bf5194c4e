#if canImport(Glibc)
import Glibc
#endif
import CComparisonWriters
@_spi(Benchmark) import SIWAButtons

/// The raster writers ours are measured and tested against, on the pixels a render
/// encodes (`ButtonRenderer.withDrawnPixels`): never in the product, so neither libpng's
/// nor libwebp's version is in an ETag.
package enum ComparisonWriter: Sendable, Equatable {
    /// Ours, as `render` encodes the format.
    case ours(OutputFormat)
    /// libpng + zlib at level 1, `Z_RLE`, the "up" filter: the service's PNG writer before ours.
    case libpng
    /// libwebp's advanced API at this lossless preset (0 fastest ... 9 smallest).
    case libwebp(level: Int32)

    /// libwebp's lossless preset of the service's WebP writer before ours (chosen with
    /// `EncodeBenchmark --levels` then: the knee of bytes against time).
    package static let libwebpLevel: Int32 = 2

    /// "libpng 1.6.39, zlib 1.2.13, libwebp 1.2.4", as loaded at run time.
    package static var libraryVersions: String {
        var text = [CChar](repeating: 0, count: 96)
        siwa_comparison_library_versions(&text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package struct EncodeError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The file this writer makes of Cairo's ARGB32 pixels (native-endian, premultiplied).
    package func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let sink = Sink()
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32
        switch self {
        case .ours(let format):
            return try ButtonRenderer.encodeRaster(format, pixels: pixels, width: width, height: height, stride: stride)
        case .libpng:
            status = withExtendedLifetime(sink) {
                siwa_png_encode(
                    pixels, Int32(width), Int32(height), Int32(stride), siwa_png_libpng_tuning, Sink.append,
                    Unmanaged.passUnretained(sink).toOpaque(), &message, message.count)
            }
        case .libwebp(let level):
            status = withExtendedLifetime(sink) {
                siwa_libwebp_encode(
                    pixels, Int32(width), Int32(height), Int32(stride), level, Sink.append,
                    Unmanaged.passUnretained(sink).toOpaque(), &message, message.count)
            }
        }
        guard status == 0 else {
            throw EncodeError(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return sink.bytes
    }

    /// A PNG decoded by libpng to straight 8-bit RGBA, or nil if libpng refuses it.
    package static func decodePNG(_ png: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        var width: Int32 = 0, height: Int32 = 0
        guard let pixels = png.withUnsafeBufferPointer({ siwa_png_decode_rgba($0.baseAddress, $0.count, &width, &height) })
        else { return nil }
        defer { free(pixels) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    /// The encoded bytes, gathered from the C writers' callbacks.
    private final class Sink {
        var bytes: [UInt8] = []

        static let append: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void = { context, data, length in
            guard let context, let data else { return }
            Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(
                contentsOf: UnsafeBufferPointer(start: data, count: length))
        }
    }
}
