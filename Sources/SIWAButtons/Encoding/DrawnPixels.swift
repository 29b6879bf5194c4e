/// For the benchmarks and the comparison writers' tests (Tools/ComparisonWriters): the
/// pixels a raster render encodes, and our writers alone, so that encoders are timed and
/// compared on the same drawing.
@_spi(Benchmark)
extension ButtonRenderer {
    /// The button drawn once at `scale`; `body` gets Cairo's ARGB32 pixels (native-endian
    /// words, premultiplied alpha), their width, height and row stride in bytes.
    public func withDrawnPixels<R>(
        _ spec: ButtonSpec, scale: Double, _ body: (UnsafePointer<UInt8>, Int, Int, Int) throws -> R
    ) throws -> R {
        let layout = self.layout(spec)
        return try engines.with { engine in
            let canvas = CairoTargets.Canvas(width: layout.width, height: layout.height, scale: scale)
            let result = try CairoTargets.withPixels(canvas, draw: { Painter.paint(layout, on: $0, text: engine) }, body)
            return (result, fontSize: layout.label?.fontSize, scale: scale)
        }
    }

    /// Our writer of a raster format on such pixels, as `render` encodes them.
    public static func encodeRaster(
        _ format: OutputFormat, pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int
    ) throws -> [UInt8] {
        precondition(format.isRaster)
        return format == .png
            ? try PNGEncoder.encode(pixels: pixels, width: width, height: height, stride: stride)
            : try WebPEncoder.encode(pixels: pixels, width: width, height: height, stride: stride)
    }
}
