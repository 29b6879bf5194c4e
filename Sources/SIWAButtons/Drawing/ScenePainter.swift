import CCairo

/// Fills a `ButtonScene` with Cairo, in points (the caller sets the scale): how SVG and
/// PDF are drawn. PNG keeps `Painter` (its bytes are what the fidelity tests measure).
enum ScenePainter {
    static func paint(_ scene: ButtonScene, on cr: OpaquePointer) {
        for item in scene.items {
            cairo_set_source_rgb(cr, item.fill.rawValue, item.fill.rawValue, item.fill.rawValue)
            cairo_set_fill_rule(cr, item.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_new_path(cr)
            item.path.append(to: cr)
            cairo_fill(cr)
        }
    }

    /// `paint` as the drawing a Cairo target takes.
    static func painting(_ scene: ButtonScene) -> (OpaquePointer) -> Void {
        { paint(scene, on: $0) }
    }
}
