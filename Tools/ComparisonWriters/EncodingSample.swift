import Dispatch
@_spi(Benchmark) import SIWAButtons

/// One writer timed on the pixels of one drawing: for the `encode` and `render`
/// benchmarks, which compare PNG and WebP, ours and the libraries', without
/// the drawing they share.
package struct EncodingSample: Sendable {
    package var bytes: Int
    /// Median seconds of one encoding.
    package var seconds: Double
}

extension ButtonRenderer {
    /// The button drawn once at `scale`, then encoded `runs` times by `writer`.
    package func encodingSample(_ spec: ButtonSpec, scale: Double, runs: Int, writer: ComparisonWriter) throws -> EncodingSample {
        precondition(runs > 0)
        return try withDrawnPixels(spec, scale: scale) { pixels, width, height, stride in
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                bytes = try writer.encode(pixels: pixels, width: width, height: height, stride: stride).count
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return EncodingSample(bytes: bytes, seconds: times.sorted()[times.count / 2])
        }
    }
}
