import CCairo
import CPango

/// Pango over our private fontconfig: measures labels (for layout) and draws them
/// (for the painter). Not thread-safe: the renderer keeps a pool, one engine per
/// concurrent render.
final class TextEngine: TextMeasuring {
    private let fonts: FontLibrary
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Measuring happens in an untransformed context; drawing updates its own
    /// context to the Cairo transformation of each target.
    private let measureContext: OpaquePointer
    private let drawContext: OpaquePointer
    private let fontOptions: OpaquePointer

    init(fonts: FontLibrary) {
        self.fonts = fonts
        let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)!
        pango_fc_font_map_set_config(OpaquePointer(fontMap), fonts.config)
        self.fontMap = fontMap
        // Unhinted outlines and metrics, unrounded positions: text scales exactly
        // with the button, and output is the same at every scale and on every machine.
        let fontOptions = cairo_font_options_create()!
        self.fontOptions = fontOptions
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        func makeContext() -> OpaquePointer {
            let ctx = pango_font_map_create_context(fontMap)!
            pango_cairo_context_set_font_options(ctx, fontOptions)
            pango_context_set_round_glyph_positions(ctx, 0)
            return ctx
        }
        measureContext = makeContext()
        drawContext = makeContext()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(measureContext))
        g_object_unref(UnsafeMutableRawPointer(drawContext))
        g_object_unref(fontMap)
        cairo_font_options_destroy(fontOptions)
    }

    func advance(of text: String, locale: ButtonLocale, fontSize: Double) -> Double {
        let layout = makeLayout(text, locale: locale, fontSize: fontSize, context: measureContext)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// Inter (our pinned Latin, Greek and Cyrillic face) starts its first letter about
    /// 0.045 em further from the origin than SF: every centred reference of Apple's
    /// shows our logo-to-title gap 1-2 device px wider without this. A user's own font
    /// (e.g. SF Pro) gets no correction.
    func titleGapCorrection(locale: ButtonLocale) -> Double {
        locale.script == .latin && fonts.userFamily == nil ? 0.045 : 0
    }

    /// Draws the label with its advance box starting at `label.x` and its baseline at
    /// `label.baseline`, in the current source colour.
    func draw(_ label: ButtonLayout.Label, on cr: OpaquePointer) {
        pango_cairo_update_context(cr, drawContext)
        let layout = makeLayout(label.text, locale: label.locale, fontSize: label.fontSize, context: drawContext)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_move_to(cr, label.x - Double(logical.x) / Double(PANGO_SCALE), label.baseline - baseline)
        pango_cairo_show_layout(cr, layout)
    }

    private func makeLayout(_ text: String, locale: ButtonLocale, fontSize: Double,
                            context: OpaquePointer) -> OpaquePointer {
        let ctx = context
        pango_context_set_base_dir(ctx, locale.isRightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        let layout = pango_layout_new(ctx)!
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_text(layout, text, -1)

        let fontSize = fontSize * (fonts.userFamily == nil ? locale.glyphScale : 1)
        let families = (fonts.userFamily.map { [$0] } ?? []) + locale.fontFamilies
        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, families.joined(separator: ","))
        pango_font_description_set_weight(desc, PANGO_WEIGHT_MEDIUM)
        pango_font_description_set_absolute_size(desc, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)

        let attrs = pango_attr_list_new()
        pango_attr_list_insert(attrs, pango_attr_language_new(pango_language_from_string(locale.language)))
        if locale.tracking != 0 {
            let spacing = Int32((locale.tracking * fontSize * Double(PANGO_SCALE)).rounded())
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(spacing))
        }
        pango_layout_set_attributes(layout, attrs)
        pango_attr_list_unref(attrs)
        return layout
    }
}
