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
        engines.with { Layout.layout(spec, measurer: $0) }
    }

    public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
        try engines.with { engine in
            let layout = Layout.layout(spec, measurer: engine)
            let draw = { (cr: OpaquePointer) in Painter.paint(layout, on: cr, text: engine) }
            switch format {
            case .png:
                return try CairoTargets.png(spec, draw: draw)
            case .svg:
                return SVGFinishing.finish(try CairoTargets.svg(spec, draw: draw), title: spec.accessibleTitle,
                                           idSeed: spec.canonicalTarget)
            case .pdf:
                return try CairoTargets.pdf(spec, title: spec.accessibleTitle, draw: draw)
            }
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
final class EnginePool: @unchecked Sendable {
    private let fonts: FontLibrary
    private let lock = NSLock()
    private var idle: [TextEngine] = []

    init(fonts: FontLibrary) { self.fonts = fonts }

    func with<R>(_ body: (TextEngine) throws -> R) rethrows -> R {
        let engine = lock.withLock { idle.popLast() } ?? TextEngine(fonts: fonts)
        defer { lock.withLock { idle.append(engine) } }
        return try body(engine)
    }
}
