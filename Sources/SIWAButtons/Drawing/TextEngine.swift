import CCairo
import Synchronization
import CPango

/// Pango over our private fontconfig: measures labels (for layout) and draws them
/// (for the painter). Not thread-safe: the renderer keeps a pool, one engine per
/// concurrent render.
///
/// Every call that reaches Cairo's font caches (shaping, glyph extents, drawing and
/// outlining glyphs, and retiring an engine's fonts) holds `FontCaches.lock`, one lock
/// for the process: Cairo 1.16 keeps one glyph page cache for all fonts and takes its
/// mutex and a font's mutex in both orders (a lookup that evicts another font's page:
/// cache, then font; a font being destroyed: font, then cache), so two threads using
/// fonts at once can deadlock, and its FreeType faces are shared between threads.
/// Backgrounds, the logo, compositing the surface and encoding stay parallel.
final class TextEngine: TextMeasuring {
    /// The first font Cairo could not create for this engine (Pango then draws nothing
    /// for its glyphs and measures them as empty): a render that sees it fails instead of
    /// giving a button without its title, and the engine is retired. Pango keeps the
    /// failed font for the life of the font map, so the engine cannot recover.
    private(set) var fontFailure: String?
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
        // Freeing the font map destroys its Cairo fonts: the same caches as drawing.
        FontCaches.lock.withLock { _ in
            g_object_unref(UnsafeMutableRawPointer(measureContext))
            g_object_unref(UnsafeMutableRawPointer(drawContext))
            g_object_unref(fontMap)
            cairo_font_options_destroy(fontOptions)
        }
    }

    func advance(of text: String, style: TextStyle, fontSize: Double) -> Double {
        FontCaches.lock.withLock { _ in
            let layout = makeLayout(text, style: style, fontSize: fontSize, context: measureContext)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            noteFontFailures(layout)
            return Double(logical.width) / Double(PANGO_SCALE)
        }
    }

    /// Records the first run of `layout` whose Cairo font is missing or in error, or
    /// that has a glyph no font gave (HarfBuzz reads each font file again for each font
    /// map, and shapes nothing from a file it could not read). The titles drawn have
    /// every glyph in the fonts (replaced titles are checked at start, `glyphProblems`).
    private func noteFontFailures(_ layout: OpaquePointer) {
        guard fontFailure == nil else { return }
        let unknownFlag: PangoGlyph = 0x1000_0000  // PANGO_GLYPH_UNKNOWN_FLAG
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter),
                let font = run.pointee.item.pointee.analysis.font
            else { continue }
            let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
            let glyphs = run.pointee.glyphs.pointee
            let unshaped = (0..<Int(glyphs.num_glyphs)).contains { glyphs.glyphs[$0].glyph & unknownFlag != 0 }
            if scaled == nil || cairo_scaled_font_status(scaled) != CAIRO_STATUS_SUCCESS || unshaped {
                let desc = pango_font_describe(font)
                defer { pango_font_description_free(desc) }
                let name = pango_font_description_to_string(desc)
                defer { g_free(name) }
                fontFailure = name.map { String(cString: $0) } ?? "unknown font"
                return
            }
        } while pango_layout_iter_next_run(iter) != 0
    }

    /// Where each glyph of `text` comes from, as drawn: the first character of its
    /// cluster and the family of the font Pango chose, nil for a character no font has
    /// (drawn as a box). Glyphs Pango leaves empty (default-ignorable characters) are
    /// skipped.
    func glyphSources(_ text: String, style: TextStyle) -> [(Unicode.Scalar, String?)] {
        FontCaches.lock.withLock { _ in glyphSourcesLocked(text, style: style) }
    }

    private func glyphSourcesLocked(_ text: String, style: TextStyle) -> [(Unicode.Scalar, String?)] {
        let layout = makeLayout(text, style: style, fontSize: 12, context: measureContext)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let utf8 = Array(text.utf8)
        let unknownFlag: PangoGlyph = 0x1000_0000, empty: PangoGlyph = 0x0FFF_FFFF  // PANGO_GLYPH_UNKNOWN_FLAG, _EMPTY
        var sources: [(Unicode.Scalar, String?)] = []
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
            let item = run.pointee.item.pointee
            let family = item.analysis.font.flatMap { font -> String? in
                guard let desc = pango_font_describe(font) else { return nil }
                defer { pango_font_description_free(desc) }
                return pango_font_description_get_family(desc).map { String(cString: $0) }
            }
            let glyphs = run.pointee.glyphs.pointee
            for i in 0..<Int(glyphs.num_glyphs) {
                let glyph = glyphs.glyphs[i].glyph
                guard glyph != empty else { continue }
                let start = Int(item.offset) + Int(glyphs.log_clusters[i])
                guard start < utf8.count,
                    let scalar = String(decoding: utf8[start...].prefix(4), as: UTF8.self).unicodeScalars.first
                else { continue }
                sources.append((scalar, glyph & unknownFlag != 0 ? nil : family))
            }
        } while pango_layout_iter_next_run(iter) != 0
        return sources
    }

    /// Inter (our pinned Latin, Greek and Cyrillic face) starts its first letter about
    /// 0.045 em further from the origin than SF: every centred reference of Apple's
    /// shows our logo-to-title gap 1-2 device px wider without this. A user's own font
    /// (e.g. SF Pro) gets no correction.
    func titleGapCorrection(style: TextStyle) -> Double {
        style.narrowsTitleGap && fonts.userFamily == nil ? 0.045 : 0
    }

    /// Centred, Inter's Latin titles come out 0.6-1.1% wider than Apple's at the same
    /// size (references I02, I08, I11, I07's logo; docs/geometry.md), while left-aligned
    /// ones match (I12): the centred title gets this much more tracking. Greek, Cyrillic
    /// and a user's own font get none (no evidence for them).
    func centredTrackingCorrection(style: TextStyle) -> Double {
        style.tightensCentredTitle && fonts.userFamily == nil ? -0.004 : 0
    }

    /// Draws the label with its advance box starting at `label.x` and its baseline at
    /// `label.baseline`, in the current source colour.
    func draw(_ label: ButtonLayout.Label, on cr: OpaquePointer) {
        FontCaches.lock.withLock { _ in place(label, on: cr) { pango_cairo_show_layout(cr, $0) } }
    }

    /// Glyph outlines are taken at this many device units per point: FreeType gives
    /// them in 1/64 and Cairo keeps paths in 1/256 of a device unit, so at 1 the
    /// outline would be rounded to 1/256 pt, visible at large scales; at 16 it is
    /// within 1/4096 pt of the font's curves.
    static let outlineScale = 16.0

    /// The label's glyphs as one outline in points, exactly where `draw` puts them
    /// (same layout, font, size, tracking, CJK scale, direction), for vector formats:
    /// the consumer needs no font. Fill with the non-zero rule, as Cairo fills glyphs.
    func outline(_ label: ButtonLayout.Label) -> VectorPath {
        FontCaches.lock.withLock { _ in outlineLocked(label) }
    }

    private func outlineLocked(_ label: ButtonLayout.Label) -> VectorPath {
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Self.outlineScale, Self.outlineScale)
        place(label, on: cr) { pango_cairo_layout_path(cr, $0) }
        let path = cairo_copy_path(cr)!
        defer { cairo_path_destroy(path) }
        return VectorPath(path.pointee)
    }

    /// Lays the label out for `cr`'s transformation and hands the layout to `body` with
    /// the current point at its top-left, so its advance box starts at `label.x` and its
    /// baseline is at `label.baseline`.
    private func place(_ label: ButtonLayout.Label, on cr: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        pango_cairo_update_context(cr, drawContext)
        let layout = makeLayout(label.text, style: label.style, fontSize: label.fontSize, context: drawContext)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        noteFontFailures(layout)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_move_to(cr, label.x - Double(logical.x) / Double(PANGO_SCALE), label.baseline - baseline)
        body(layout)
    }

    /// `pinnedOnly`: the pinned fonts alone, untracked (for `fallbackSpaces`).
    private func makeLayout(
        _ text: String, style: TextStyle, fontSize: Double,
        context: OpaquePointer, pinnedOnly: Bool = false
    ) -> OpaquePointer {
        let ctx = context
        let spaces = pinnedOnly ? [] : fallbackSpaces(text, style: style, fontSize: fontSize, context: ctx)
        pango_context_set_base_dir(ctx, style.isRightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        let layout = pango_layout_new(ctx)!
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_text(layout, text, -1)

        let user = pinnedOnly ? nil : fonts.userFamily
        let families = (user.map { [$0] } ?? []) + style.fontFamilies
        let desc = pango_font_description_new()
        // Not joined(separator:): unspecialised, it resolves associated types at run time
        // (a scan of the program's conformance records, paid once per process at start).
        pango_font_description_set_family(desc, families.dropFirst().reduce(families.first ?? "") { $0 + "," + $1 })
        pango_font_description_set_weight(desc, PANGO_WEIGHT_MEDIUM)
        pango_font_description_set_absolute_size(desc, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)

        let attrs = pango_attr_list_new()
        pango_attr_list_insert(attrs, pango_attr_language_new(pango_language_from_string(style.language)))
        if style.tracking != 0 && !pinnedOnly {
            let spacing = Int32((style.tracking * fontSize * Double(PANGO_SCALE)).rounded())
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(spacing))
        }
        // CJK glyphs at Apple's scale (a user's font gets no correction, as with the gap).
        if fonts.userFamily == nil && style.cjkGlyphScale != 1 {
            for range in Self.cjkRuns(text) {
                let attr = pango_attr_scale_new(style.cjkGlyphScale)!
                attr.pointee.start_index = UInt32(range.lowerBound)
                attr.pointee.end_index = UInt32(range.upperBound)
                pango_attr_list_insert(attrs, attr)
            }
        }
        // Proportional kana as in Apple's Japanese titles: the font's `palt`, and the
        // spacing that brings the pinned face to Apple's pitch (none for a user's font).
        if let tracking = style.proportionalKanaTracking {
            let spacing = fonts.userFamily == nil ? Int32((tracking * fontSize * Double(PANGO_SCALE)).rounded()) : 0
            for range in Self.runs(of: text, where: Self.isKana) {
                for attr in [pango_attr_font_features_new("palt")!] + (spacing != 0 ? [pango_attr_letter_spacing_new(spacing)!] : []) {
                    attr.pointee.start_index = UInt32(range.lowerBound)
                    attr.pointee.end_index = UInt32(range.upperBound)
                    pango_attr_list_insert(attrs, attr)
                }
            }
        }
        for (range, width) in spaces {
            var ink = PangoRectangle()
            var logical = PangoRectangle(x: 0, y: 0, width: Int32((width * Double(PANGO_SCALE)).rounded()), height: 0)
            let attr = pango_attr_shape_new(&ink, &logical)!
            attr.pointee.start_index = UInt32(range.lowerBound)
            attr.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attrs, attr)
        }
        pango_layout_set_attributes(layout, attrs)
        pango_attr_list_unref(attrs)
        return layout
    }

    /// Pango gives a space the font of the text around it without asking whether that
    /// font has it, so a user's font without U+0020 would set its missing-glyph box
    /// there. Such spaces get the width the pinned fonts give them, tracked (Pango
    /// does not track an imposed shape): UTF-8 byte range and width of each, drawn as
    /// empty boxes.
    private func fallbackSpaces(
        _ text: String, style: TextStyle, fontSize: Double,
        context: OpaquePointer
    ) -> [(Range<Int>, Double)] {
        guard fonts.userFamily != nil else { return [] }
        var spaces: [(Range<Int>, Double)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if scalar.properties.isWhitespace && fonts.userFontLacks(scalar) {
                let layout = makeLayout(String(scalar), style: style, fontSize: fontSize, context: context, pinnedOnly: true)
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                g_object_unref(UnsafeMutableRawPointer(layout))
                let width = Double(logical.width) / Double(PANGO_SCALE) + style.tracking * fontSize
                spaces.append((offset..<(offset + length), width))
            }
            offset += length
        }
        return spaces
    }

    /// UTF-8 byte ranges of the runs of Han, kana and hangul in `text` (what Apple's
    /// SF composite takes from its CJK fallback face).
    static func cjkRuns(_ text: String) -> [Range<Int>] {
        runs(of: text, where: isCJK)
    }

    /// UTF-8 byte ranges of the runs of `text`'s scalars that pass `included`.
    static func runs(of text: String, where included: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if included(scalar) {
                if let last = runs.last, last.upperBound == offset {
                    runs[runs.count - 1] = last.lowerBound..<(offset + length)
                } else {
                    runs.append(offset..<(offset + length))
                }
            }
            offset += length
        }
        return runs
    }

    /// Hiragana and katakana (with their phonetic extensions).
    private static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
            0x20000...0x3FFFF:
            true
        default: false
        }
    }
}

/// The lock that serialises all use of Cairo's and Pango's font caches (see `TextEngine`).
enum FontCaches {
    static let lock = Mutex(())
}
