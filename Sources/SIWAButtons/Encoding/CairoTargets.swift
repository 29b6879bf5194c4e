import CCairo

/// Cairo surfaces for each output format. Each is `width` x `height` points at `scale`
/// (PNG, WebP: pixels per point; SVG and PDF: user units, as the image endpoints always gave),
/// draws with `draw(cr)` in points and returns the encoded bytes.
enum CairoTargets {
    /// The size of an output: points and the scale, nothing of the request.
    struct Canvas {
        var width: Double
        var height: Double
        var scale: Double

        // Whole points times the scale, rounded half up (exact for whole scales).
        var pixelWidth: Int { Int((width.rounded() * scale).rounded()) }
        var pixelHeight: Int { Int((height.rounded() * scale).rounded()) }
    }

    struct CairoError: Error, CustomStringConvertible {
        let status: cairo_status_t
        var description: String { "Cairo error: \(String(cString: cairo_status_to_string(status)))" }
    }

    static func png(_ canvas: Canvas, draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        try withPixels(canvas, draw: draw, PNGEncoder.encode)
    }

    /// Lossless WebP from the same image surface the PNG is drawn on.
    static func webp(_ canvas: Canvas, draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        try withPixels(canvas, draw: draw, WebPEncoder.encode)
    }

    /// Draws on an ARGB32 image surface and hands its premultiplied pixels (width,
    /// height, stride) to `body`, an encoder.
    static func withPixels<R>(
        _ canvas: Canvas, draw: (OpaquePointer) -> Void,
        _ body: (UnsafePointer<UInt8>, Int, Int, Int) throws -> R
    ) throws -> R {
        let width = Int32(canvas.pixelWidth), height = Int32(canvas.pixelHeight)
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        guard stride > 0, width > 0, height > 0 else { throw CairoError(status: CAIRO_STATUS_INVALID_SIZE) }
        // Cleared memory, as cairo_image_surface_create's, but kept between renders (PixelBuffers).
        return try PixelBuffers.shared.withCleared(Int(stride) * Int(height)) { memory in
            let data = memory.assumingMemoryBound(to: UInt8.self)
            let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, width, height, stride)!
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface))
            try drawScaled(on: surface, scale: canvas.scale, draw)
            cairo_surface_flush(surface)
            try check(cairo_surface_status(surface))
            return try body(UnsafePointer(data), canvas.pixelWidth, canvas.pixelHeight, Int(stride))
        }
    }

    static func svg(_ canvas: Canvas, draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        let sink = ByteSink()
        let surface = cairo_svg_surface_create_for_stream(
            ByteSink.write, sink.pointer,
            Double(canvas.pixelWidth), Double(canvas.pixelHeight))!
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        try finish(surface, scale: canvas.scale, draw)
        return sink.bytes
    }

    static func pdf(_ canvas: Canvas, title: String, draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        let sink = ByteSink()
        let surface = cairo_pdf_surface_create_for_stream(
            ByteSink.write, sink.pointer,
            Double(canvas.pixelWidth), Double(canvas.pixelHeight))!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "siwa-buttons")
        // A fixed date keeps the output byte-identical between runs (ETags, batch reruns).
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2020-01-01T00:00:00Z")
        try finish(surface, scale: canvas.scale, draw)
        return sink.bytes
    }

    private static func drawScaled(on surface: OpaquePointer, scale: Double, _ draw: (OpaquePointer) -> Void) throws {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        draw(cr)
        try check(cairo_status(cr))
    }

    private static func finish(_ surface: OpaquePointer, scale: Double, _ draw: (OpaquePointer) -> Void) throws {
        defer { cairo_surface_destroy(surface) }
        try drawScaled(on: surface, scale: scale, draw)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface))
    }

    private static func check(_ status: cairo_status_t) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status: status) }
    }
}

/// Collects what Cairo's stream surfaces and our PNG and WebP writers write.
final class ByteSink {
    var bytes: [UInt8] = []

    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }

    /// The writer of `siwa_png_write_fn` and `siwa_webp_write_fn`, whose context is the sink.
    static let append: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void = {
        context, data, length in
        let sink = Unmanaged<ByteSink>.fromOpaque(context!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
    }
}
