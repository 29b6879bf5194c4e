import CCairo
import CPNGWriter
import CPango
import CAllocator
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one entry point every front end uses: spec + format -> encoded bytes.
public final class ButtonRenderer: Sendable {
    public let fonts: FontLibrary
    /// The titles drawn, and named in `alt`, `<title>` and PDF titles: `LabelTable`'s
    /// unless the user corrected some (`--labels`). Front ends take titles from here.
    public let titles: TitleTable
    let engines: EnginePool

    public init(fonts: FontLibrary, titles: TitleTable = .standard) {
        self.fonts = fonts
        self.titles = titles
        engines = EnginePool(fonts: fonts)
    }

    /// Renderer over the pinned fonts of `Fonts/`, created on first use.
    public static func shared() throws -> ButtonRenderer {
        try sharedRenderer.get()
    }

    private static let sharedRenderer = Result { ButtonRenderer(fonts: try FontLibrary()) }

    /// The C libraries whose output is in the bytes, as loaded at run time: "cairo
    /// 1.16.0, pango 1.50.12, harfbuzz 6.0.0, libpng 1.6.39, zlib 1.2.13, libwebp 1.2.4". Another
    /// release may anti-alias or compress differently, so the service's ETags include it.
    public static let libraryVersions: String = {
        var png = [CChar](repeating: 0, count: 96)
        siwa_png_library_versions(&png, png.count)
        return "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), "
            + "harfbuzz \(String(cString: hb_version_string())), \(String(cString: png)), \(WebPEncoder.libraryVersion)"
    }()

    /// The button's geometry in points, as the painter will draw it.
    public func layout(_ spec: ButtonSpec) -> ButtonLayout {
        engines.with { (Layout.layout(spec, titles: titles, measurer: $0), fontSize: nil, scale: 1) }
    }

    /// The button as filled outlines in points (label glyphs included), from which
    /// SVG, PDF and VectorDrawable are written.
    public func scene(_ spec: ButtonSpec) -> ButtonScene {
        engines.with { engine in
            let layout = Layout.layout(spec, titles: titles, measurer: engine)
            return (Self.scene(layout, text: engine), fontSize: layout.label?.fontSize, scale: TextEngine.outlineScale)
        }
    }

    private static func scene(_ layout: ButtonLayout, text engine: TextEngine) -> ButtonScene {
        ButtonScene(layout, labelOutline: layout.label.map { engine.outline($0) })
    }

    /// Text engines retired to keep memory bounded (see `EnginePool`).
    public var retiredTextEngines: Int { engines.retiredEngines }

    /// The pipeline: the spec laid out in points (the model), then drawn and encoded at
    /// the spec's scale.
    public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
        try render(spec, format: format, pixelScale: Double(spec.scale))
    }

    /// The same at any scale, e.g. Android's hdpi (1.5): Apple's `scale` parameter is a
    /// whole 1-6, but a generator may need the densities between. The canvas is the
    /// button's size times `pixelScale`, rounded half up as Android scales drawables
    /// (375 x 1.5 = 563 px); `spec.scale` is ignored.
    public func render(_ spec: ButtonSpec, format: OutputFormat, pixelScale: Double) throws -> [UInt8] {
        precondition(pixelScale > 0 && pixelScale.isFinite, "pixelScale must be a positive number")
        return try engines.with { engine in
            let layout = Layout.layout(spec, titles: titles, measurer: engine)
            let document = DocumentInfo(title: titles.accessibleTitle(for: spec), idSeed: spec.canonicalTarget)
            let bytes = try Self.draw(layout, scale: pixelScale, format: format, document: document, text: engine)
            // A font Cairo could not create is drawn as nothing: never answer with those bytes.
            if let font = engine.fontFailure { throw RenderError.fontUnavailable(font) }
            // The size the engine drew text at: PNG at the pixel scale, the vector
            // formats take outlines at one fixed scale.
            return (bytes, fontSize: layout.label?.fontSize, scale: format.isRaster ? pixelScale : TextEngine.outlineScale)
        }
    }

    /// Drawing and encoding: sees the layout, the scale and the document's title, nothing
    /// of the request (no locale: the label carries its resolved `TextStyle`).
    private static func draw(_ layout: ButtonLayout, scale: Double, format: OutputFormat, document: DocumentInfo,
                             text engine: TextEngine) throws -> [UInt8] {
        let canvas = CairoTargets.Canvas(width: layout.width, height: layout.height, scale: scale)
        // PNG is painted from the layout (text as Cairo's glyphs, which the fidelity
        // tests are tuned to); the vector formats replay the scene (text as outlines).
        let scene = { Self.scene(layout, text: engine) }
        return switch format {
        case .png:
            try CairoTargets.png(canvas) { Painter.paint(layout, on: $0, text: engine) }
        case .webp:
            try CairoTargets.webp(canvas) { Painter.paint(layout, on: $0, text: engine) }
        case .svg:
            SVGFinishing.finish(try CairoTargets.svg(canvas, draw: ScenePainter.painting(scene())), title: document.title,
                                idSeed: document.idSeed)
        case .pdf:
            try CairoTargets.pdf(canvas, title: document.title, draw: ScenePainter.painting(scene()))
        case .vectorDrawable:
            VectorDrawableWriter.write(scene())
        }
    }
}

/// What a vector document says besides its drawing: the title (SVG `<title>`, PDF
/// metadata) and the seed of its element ids (stable, distinct per button).
struct DocumentInfo {
    var title: String
    var idSeed: String
}

/// Renders with the shared renderer over the pinned fonts.
public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
    try ButtonRenderer.shared().render(spec, format: format)
}

extension ButtonRenderer {
    /// A renderer over the same fonts drawing other titles.
    public func with(titles: TitleTable) -> ButtonRenderer {
        ButtonRenderer(fonts: fonts, titles: titles)
    }

    /// Characters of the replaced titles that the fonts cannot draw as the locale's
    /// own fonts would, found by laying each title out as it is drawn. The built-in
    /// titles have none (the pinned fonts are subset to them).
    public func glyphProblems() -> [TitleGlyphProblem] {
        titles.entries.compactMap { entry in
            let sources = engines.with { engine in
                (engine.glyphSources(entry.locale.typeset(entry.title), style: entry.locale.textStyle), fontSize: nil, scale: 1)
            }
            let allowed = Set((fonts.userFamily.map { [$0] } ?? []) + entry.locale.fontFamilies)
            var missing: [Unicode.Scalar] = [], borrowed: [Unicode.Scalar] = [], families: [String] = []
            for (scalar, family) in sources {
                if let family {
                    if !allowed.contains(family) && !borrowed.contains(scalar) {
                        borrowed.append(scalar)
                        if !families.contains(family) { families.append(family) }
                    }
                } else if !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
            if !missing.isEmpty {
                return TitleGlyphProblem(locale: entry.locale, type: entry.type, characters: missing, kind: .missing)
            }
            if !borrowed.isEmpty {
                return TitleGlyphProblem(locale: entry.locale, type: entry.type, characters: borrowed,
                                         kind: .otherFont(families))
            }
            return nil
        }
    }
}

/// Characters of a replaced title the fonts lack (drawn as boxes: the title is
/// wrong), or that only a font of another locale has (drawn in that font's design).
public struct TitleGlyphProblem: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No font has them.
        case missing
        /// Drawn from these fonts (families), which are not the locale's.
        case otherFont([String])
    }

    public var locale: ButtonLocale
    public var type: ButtonSpec.Kind
    public var characters: [Unicode.Scalar]
    public var kind: Kind

    /// Whether the title would be drawn wrong (missing glyphs), not only in another design.
    public var isError: Bool { kind == .missing }

    /// `'ŋ' (U+014B), 'ħ' (U+0127)`.
    public var characterList: String {
        characters.map { "'\($0)' (\($0.codePoint))" }.joined(separator: ", ")
    }

    /// `de_DE.sign-in: ...`, without advice (which depends on the front end).
    public var description: String {
        switch kind {
        case .missing:
            "\(locale.code).\(type.rawValue): the fonts have no glyph for \(characterList)"
        case .otherFont(let families):
            "\(locale.code).\(type.rawValue): \(characterList) drawn with \(families.joined(separator: ", ")), "
                + "not this locale's font"
        }
    }
}

/// Text engines (Pango is not thread-safe per context), one per concurrent render.
///
/// Pango, Cairo and HarfBuzz keep a font object, glyph cache and shaping data for every
/// font size a font map has drawn at, for the life of the font map. Anyone can ask for
/// millions of distinct sizes, so an engine that has drawn at `maxTextSizes` distinct
/// sizes (size x scale) is retired after its render and a fresh one takes its place:
/// memory stays bounded, and bytes do not change (each engine draws the same).
final class EnginePool: @unchecked Sendable {
    /// Distinct text sizes an engine may have drawn before it is retired. Measured: about
    /// 0.1 MB each; recreating an engine costs about one render.
    static let maxTextSizes = 64

    private final class Slot {
        let engine: TextEngine
        var sizes = Set<TextSize>()
        init(engine: TextEngine) { self.engine = engine }
    }

    private struct TextSize: Hashable {
        var fontSize: Double
        var scale: Double
    }

    private let fonts: FontLibrary
    private let lock = Lock()
    private var idle: [Slot] = []
    private var retired = 0

    init(fonts: FontLibrary) { self.fonts = fonts }

    /// Engines retired so far (for tests and metrics).
    var retiredEngines: Int { lock.withLock { retired } }

    /// Runs `body` with an engine; `body` returns its result and the text size it drew at.
    func with<R>(_ body: (TextEngine) throws -> (R, fontSize: Double?, scale: Double)) rethrows -> R {
        var slot: Slot? = lock.withLock { idle.popLast() } ?? Slot(engine: TextEngine(fonts: fonts))
        var keep = true
        defer {
            if keep {
                lock.withLock { idle.append(slot!) }
            } else {
                lock.withLock { retired += 1 }
                // Free the retired engine's fonts and caches, then hand the pages back.
                slot = nil
                siwa_release_free_memory()
            }
        }
        // An engine whose fonts failed cannot recover (Pango keeps the failed font).
        defer { keep = keep && slot!.engine.fontFailure == nil }
        let (result, fontSize, scale) = try body(slot!.engine)
        if let fontSize {
            slot!.sizes.insert(TextSize(fontSize: fontSize, scale: scale))
            keep = slot!.sizes.count < Self.maxTextSizes
        }
        return result
    }
}
