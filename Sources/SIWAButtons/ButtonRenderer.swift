import CCairo
import CPNGWriter
import CPango
import CAllocator
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one entry point every front end uses: spec + format + scale -> encoded bytes.
public final class ButtonRenderer: Sendable {
    /// The fonts it draws with.
    public let fonts: FontLibrary
    /// The titles drawn, and named in `alt`, `<title>` and PDF titles: `LabelTable`'s
    /// unless the user corrected some (`--labels`). Front ends take titles from here.
    public let titles: TitleTable
    let engines: EnginePool

    /// A renderer over these fonts and titles.
    /// - Parameters:
    ///   - fonts: the fonts to draw with (the pinned `Fonts/`, maybe with a font of the user's).
    ///   - titles: the titles to draw (`--labels` replaces some).
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

    /// The C libraries whose output is in the bytes, as loaded at run time (libdeflate's,
    /// whose checksums are in our PNGs, as built with): "cairo 1.16.0, pango 1.50.12,
    /// harfbuzz 6.0.0, libdeflate 1.14". Another release may anti-alias differently, so
    /// the service's ETags include it.
    public static let libraryVersions: String = {
        var png = [CChar](repeating: 0, count: 96)
        siwa_png_library_versions(&png, png.count)
        return "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), "
            + "harfbuzz \(String(cString: hb_version_string())), \(String(cBuffer: png))"
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
    package var retiredTextEngines: Int { engines.retiredEngines }

    /// The pipeline: the spec laid out in points (the model), then drawn and encoded at
    /// `scale` pixels per point. PNG and WebP are the button's size times `scale`, rounded
    /// half up as Android scales drawables (375 x 1.5 = 563 px): Apple's `scale` parameter
    /// (`ButtonRequest.scale`) is a whole 1-6, a generator may need the densities between
    /// (Android's hdpi, 1.5). SVG and PDF are vectors whose size in user units (points)
    /// is multiplied by `scale`, as Apple's grammar has it; VectorDrawable is in dp, at 1x.
    public func render(_ spec: ButtonSpec, format: OutputFormat, scale: Double) throws -> [UInt8] {
        precondition(scale > 0 && scale.isFinite, "scale must be a positive number")
        return try engines.with { engine in
            let layout = Layout.layout(spec, titles: titles, measurer: engine)
            // The SVG's ids are seeded by the image's URL (at the whole scale at or above
            // `scale`), so two inline SVGs of different buttons or scales share no id.
            let image = ButtonRequest(spec: spec, scale: Int(scale.rounded(.up)))
            let document = DocumentInfo(title: titles.accessibleTitle(for: spec), idSeed: image.canonicalTarget)
            let bytes = try Self.draw(layout, scale: scale, format: format, document: document, text: engine)
            // A font Cairo could not create is drawn as nothing: never answer with those bytes.
            if let font = engine.fontFailure { throw RenderError.fontUnavailable(font) }
            // The size the engine drew text at: PNG at the pixel scale, the vector
            // formats take outlines at one fixed scale.
            return (bytes, fontSize: layout.label?.fontSize, scale: format.isRaster ? scale : TextEngine.outlineScale)
        }
    }

    /// Drawing and encoding: sees the layout, the scale and the document's title, nothing
    /// of the request (no locale: the label carries its resolved `TextStyle`).
    private static func draw(
        _ layout: ButtonLayout, scale: Double, format: OutputFormat, document: DocumentInfo,
        text engine: TextEngine
    ) throws -> [UInt8] {
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
            SVGFinishing.finish(
                try CairoTargets.svg(canvas, draw: ScenePainter.painting(scene())), title: document.title,
                idSeed: document.idSeed)
        case .pdf:
            try CairoTargets.pdf(canvas, title: document.title, draw: ScenePainter.painting(scene()))
        case .vectorDrawable:
            VectorDrawableWriter.write(scene())
        }
    }
}

extension ButtonRenderer {
    /// A renderer over the same fonts drawing other titles.
    public func with(titles: TitleTable) -> ButtonRenderer {
        ButtonRenderer(fonts: fonts, titles: titles)
    }
}
