import CCairo

/// Draws a `ButtonLayout` with Cairo, in points (the caller sets the scale).
enum Painter {
    static func paint(_ layout: ButtonLayout, on cr: OpaquePointer, text: TextEngine) {
        for shape in layout.shapes {
            setInk(shape.fill, cr)
            roundedRect(shape.outline, cr)
            cairo_fill(cr)
        }
        setInk(layout.foreground, cr)
        logo(in: layout.logo, cr)
        cairo_fill(cr)
        if let label = layout.label {
            text.draw(label, on: cr)
        }
    }

    private static func setInk(_ ink: Ink, _ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, ink.rawValue, ink.rawValue, ink.rawValue)
    }

    private static func roundedRect(_ shape: RoundedRect, _ cr: OpaquePointer) {
        let r = shape.radius, b = shape.rect
        guard r > 0 else {
            cairo_rectangle(cr, b.x, b.y, b.width, b.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, b.maxX - r, b.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, b.maxX - r, b.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, b.x + r, b.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, b.x + r, b.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// The authored logo outline stretched onto its ink box.
    private static func logo(in box: Rect, _ cr: OpaquePointer) {
        func x(_ u: Double) -> Double { box.x + u * box.width }
        func y(_ v: Double) -> Double { box.y + v * box.height }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        for segment in AppleLogoPath.segments {
            switch segment {
            case .move(let px, let py): cairo_move_to(cr, x(px), y(py))
            case .line(let px, let py): cairo_line_to(cr, x(px), y(py))
            case .curve(let x1, let y1, let x2, let y2, let px, let py):
                cairo_curve_to(cr, x(x1), y(y1), x(x2), y(y2), x(px), y(py))
            case .close: cairo_close_path(cr)
            }
        }
    }
}
