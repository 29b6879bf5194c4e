import CCairo
import CPNGWriter
import CPango
import Foundation

/// The one entry point every front end uses: spec + format -> encoded bytes.
public final class ButtonRenderer: Sendable {
    public let fonts: FontLibrary
    private let engines: EnginePool

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        engines = EnginePool(fonts: fonts)
    }

    /// Renderer over the pinned fonts of `Fonts/`, created on first use.
    public static func shared() throws -> ButtonRenderer {
        try sharedRenderer.get()
    }

    private static let sharedRenderer = Result { ButtonRenderer(fonts: try FontLibrary()) }

    /// The C libraries whose output is in the bytes, as loaded at run time: "cairo
    /// 1.16.0, pango 1.50.12, harfbuzz 6.0.0, libpng 1.6.39, zlib 1.2.13". Another
    /// release may anti-alias or compress differently, so the service's ETags include it.
    public static let libraryVersions: String = {
        var png = [CChar](repeating: 0, count: 96)
        siwa_png_library_versions(&png, png.count)
        return "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), "
            + "harfbuzz \(String(cString: hb_version_string())), \(String(cString: png))"
    }()

    /// The button's geometry in points, as the painter will draw it.
    public func layout(_ spec: ButtonSpec) -> ButtonLayout {
        engines.with { (Layout.layout(spec, measurer: $0), fontSize: nil, scale: 1) }
    }

    /// Text engines retired to keep memory bounded (see `EnginePool`).
    public var retiredTextEngines: Int { engines.retiredEngines }

    public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
        try engines.with { engine in
            let layout = Layout.layout(spec, measurer: engine)
            let draw = { (cr: OpaquePointer) in Painter.paint(layout, on: cr, text: engine) }
            let bytes = switch format {
            case .png:
                try CairoTargets.png(spec, draw: draw)
            case .svg:
                SVGFinishing.finish(try CairoTargets.svg(spec, draw: draw), title: spec.accessibleTitle,
                                    idSeed: spec.canonicalTarget)
            case .pdf:
                try CairoTargets.pdf(spec, title: spec.accessibleTitle, draw: draw)
            }
            return (bytes, fontSize: layout.label?.fontSize, scale: spec.scale)
        }
    }
}

/// Renders with the shared renderer over the pinned fonts.
public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
    try ButtonRenderer.shared().render(spec, format: format)
}

extension ButtonSpec {
    /// Text for `alt`, `<title>` and PDF titles: the label, or "Sign in with Apple"
    /// (en_US: the logo endpoint takes no locale) for the logo-only button.
    public var accessibleTitle: String {
        label ?? ButtonLocale.default.title(.signIn)
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
        var scale: Int
    }

    private let fonts: FontLibrary
    private let lock = NSLock()
    private var idle: [Slot] = []
    private var retired = 0

    init(fonts: FontLibrary) { self.fonts = fonts }

    /// Engines retired so far (for tests and metrics).
    var retiredEngines: Int { lock.withLock { retired } }

    /// Runs `body` with an engine; `body` returns its result and the text size it drew at.
    func with<R>(_ body: (TextEngine) throws -> (R, fontSize: Double?, scale: Int)) rethrows -> R {
        let slot = lock.withLock { idle.popLast() } ?? Slot(engine: TextEngine(fonts: fonts))
        var keep = true
        defer {
            lock.withLock {
                if keep { idle.append(slot) } else { retired += 1 }
            }
        }
        let (result, fontSize, scale) = try body(slot.engine)
        if let fontSize {
            slot.sizes.insert(TextSize(fontSize: fontSize, scale: scale))
            keep = slot.sizes.count < Self.maxTextSizes
        }
        return result
    }
}
