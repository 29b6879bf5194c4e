import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// For scripts/bench-webp.sh (Benchmarks/EncodeBenchmark): the raster encoders alone,
/// timed on the pixels of one drawing, so PNG and WebP are compared without the
/// drawing both share.
@_spi(Benchmark)
public struct EncodingSample: Sendable {
    public var bytes: Int
    /// Median seconds of one encoding.
    public var seconds: Double
    /// libwebp's lossless preset of the WebP writer before issue 36 (chosen with --levels
    /// then: the knee of bytes against time).
    public static let libwebpLevel: Int32 = 2
}

@_spi(Benchmark)
extension ButtonRenderer {
    /// The button drawn once at `scale`, then encoded `runs` times in `format`
    /// (`webpLevel`: libwebp's lossless preset instead of ours; `libpng`: the PNG written
    /// by libpng + zlib, the writer before issue 36, instead of ours).
    public func encodingSample(
        _ spec: ButtonSpec, format: OutputFormat, scale: Double, runs: Int, webpLevel: Int32? = nil, libpng: Bool = false
    ) throws -> EncodingSample {
        precondition(format.isRaster && runs > 0)
        let layout = self.layout(spec)
        return try engines.with { engine in
            let canvas = CairoTargets.Canvas(width: layout.width, height: layout.height, scale: scale)
            let sample = try CairoTargets.withPixels(canvas, draw: { Painter.paint(layout, on: $0, text: engine) }) {
                pixels, w, h, stride in
                var times: [Double] = []
                var bytes = 0
                for _ in 0..<runs {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let encoded =
                        format == .png
                        ? try PNGEncoder.encode(
                            pixels: pixels, width: w, height: h, stride: stride, writer: libpng ? .libpng : .runs)
                        : try WebPEncoder.encode(
                            pixels: pixels, width: w, height: h, stride: stride,
                            writer: webpLevel.map { .libwebp(level: $0) } ?? WebPEncoder.writer)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                    bytes = encoded.count
                }
                return EncodingSample(bytes: bytes, seconds: times.sorted()[times.count / 2])
            }
            return (sample, fontSize: layout.label?.fontSize, scale: scale)
        }
    }
}
