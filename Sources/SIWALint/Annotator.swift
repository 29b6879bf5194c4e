import CCairo
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--annotate OUT.png`: the image, enlarged so small buttons stay legible, with the
/// measured logo and title boxes in thin blue and each failing measurement in red (its
/// box, margin or centre line and its numbers), and below it one line per finding.
package enum Annotator {
    static let red = (0.9, 0.1, 0.1)
    static let blue = (0.1, 0.45, 0.95)

    /// The annotated image as PNG bytes (the caller writes them whole, e.g. atomically).
    package static func png(_ result: ImageLinter.Result) throws -> [UInt8] {
        let image = result.image, m = result.measurement
        let zoom = Double(max(1, min(8, Int((640 / Double(image.width)).rounded(.up)))))
        let pad = 24.0, lineHeight = 18.0
        let lines =
            result.report.findings.isEmpty
            ? ["No findings: \(result.report.subject) follows the rules checked."]
            : result.report.findings.map { "\($0.severity.rawValue) [\($0.rule.id)] \($0.detail)" }
        let width = Double(image.width) * zoom + 2 * pad
        let height = Double(image.height) * zoom + 2 * pad + lineHeight * Double(lines.count) + 8
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width.rounded(.up)), Int32(height.rounded(.up)))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }

        // A mid-grey checkerboard-free backdrop: both black and white buttons show on it.
        cairo_set_source_rgb(cr, 0.82, 0.84, 0.86)
        cairo_paint(cr)
        let source = image.surface()
        defer { cairo_surface_destroy(source) }
        cairo_save(cr)
        cairo_translate(cr, pad, pad)
        cairo_scale(cr, zoom, zoom)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
        cairo_restore(cr)

        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 12)
        let at = { (x: Double, y: Double) in (pad + x * zoom, pad + y * zoom) }
        // Every measured box, thin, for context.
        for box in [m.logo, m.title].compactMap({ $0 }) {
            let (x, y) = at(Double(box.x), Double(box.y))
            stroke(cr, blue, 1) { cairo_rectangle(cr, x - 0.5, y - 0.5, Double(box.width) * zoom + 1, Double(box.height) * zoom + 1) }
        }
        for finding in result.report.findings {
            guard let mark = finding.mark else { continue }
            draw(mark, on: cr, at: at, zoom: zoom, size: (Double(image.width), Double(image.height)), pad: pad)
        }
        // The legend.
        var y = pad * 2 + Double(image.height) * zoom + 4
        for (line, finding) in zip(lines, result.report.findings.map(Optional.some) + [nil]) {
            let color = finding.map { $0.severity == .error ? red : (0.65, 0.4, 0.0) } ?? (0.1, 0.5, 0.2)
            cairo_set_source_rgb(cr, color.0, color.1, color.2)
            cairo_move_to(cr, pad, y)
            cairo_show_text(cr, line)
            y += lineHeight
        }
        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw AnnotateError(description: "Cannot encode the annotated image: \(String(cString: cairo_status_to_string(status))).")
        }
        return sink.bytes
    }

    private static func draw(
        _ mark: LintMark, on cr: OpaquePointer, at: (Double, Double) -> (Double, Double), zoom: Double,
        size: (Double, Double), pad: Double
    ) {
        switch mark {
        case .box(let x, let y, let w, let h, let label):
            let (px, py) = at(x, y)
            stroke(cr, red, 2) { cairo_rectangle(cr, px - 1, py - 1, w * zoom + 2, h * zoom + 2) }
            text(cr, label, x: px, y: max(12, py - 4))
        case .span(let x0, let x1, let y, let label):
            let (a, py) = at(x0, y), (b, _) = at(x1, y)
            stroke(cr, red, 2) {
                cairo_move_to(cr, a, py); cairo_line_to(cr, b, py)
                for x in [a, b] { cairo_move_to(cr, x, py - 6); cairo_line_to(cr, x, py + 6) }
            }
            // Below the line: the measured ink is above it.
            text(cr, label, x: min(a, b), y: py + 18)
        case .level(let y, let expected, let label):
            let (left, py) = at(0, y), (right, ey) = at(size.0, expected)
            stroke(cr, red, 2) {
                cairo_move_to(cr, left, py); cairo_line_to(cr, right, py)
            }
            cairo_save(cr)
            let dash = [4.0, 4.0]
            cairo_set_dash(cr, dash, 2, 0)
            stroke(cr, blue, 1) {
                cairo_move_to(cr, left, ey); cairo_line_to(cr, right, ey)
            }
            cairo_restore(cr)
            text(cr, label, x: left + 4, y: py - 4)
        case .whole(let label):
            let (x, y) = at(0, 0)
            stroke(cr, red, 3) { cairo_rectangle(cr, x - 3, y - 3, size.0 * zoom + 6, size.1 * zoom + 6) }
            text(cr, label, x: x, y: y - 8)
        }
    }

    private static func stroke(_ cr: OpaquePointer, _ color: (Double, Double, Double), _ width: Double, _ path: () -> Void) {
        cairo_new_path(cr)
        path()
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Red text on a white halo, readable on black and white buttons alike, kept inside the canvas.
    private static func text(_ cr: OpaquePointer, _ label: String, x: Double, y: Double) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, label, &extents)
        let canvas = Double(cairo_image_surface_get_width(cairo_get_target(cr)))
        cairo_move_to(cr, max(2, min(x, canvas - extents.x_advance - 4)), y)
        cairo_text_path(cr, label)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 3)
        cairo_stroke_preserve(cr)
        cairo_set_source_rgb(cr, red.0, red.1, red.2)
        cairo_fill(cr)
    }
}

package struct AnnotateError: Error, Sendable, CustomStringConvertible {
    package var description: String
}
