/// The encodings we produce.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, webp, svg, pdf
    /// Android's VectorDrawable XML (`res/drawable/*.xml`), written from the vector scene.
    case vectorDrawable = "vectordrawable"

    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .vectorDrawable: "application/xml"
        }
    }

    public var fileExtension: String {
        switch self {
        case .vectorDrawable: "xml"
        default: rawValue
        }
    }

    /// Pixels (PNG, WebP): a set has one file per scale. The vector formats come once,
    /// at 1x (their scale only multiplies user units).
    public var isRaster: Bool { self == .png || self == .webp }

    /// What the image endpoints answer without `format=` (Apple's answer PNG), and the
    /// `<img>` every snippet falls back to.
    public static let `default` = OutputFormat.png

    /// Offered in the snippets' `<picture>` as a `<source type>` ahead of the PNG
    /// `<img>`: smaller, for the browsers that take it.
    public var isPictureSource: Bool {
        switch self {
        case .webp: true
        case .png, .svg, .pdf, .vectorDrawable: false
        }
    }

    /// A document a browser opens and could run scripts in (SVG): the image routes
    /// send it with a sandboxing Content-Security-Policy.
    public var isScriptable: Bool {
        switch self {
        case .svg: true
        case .png, .webp, .pdf, .vectorDrawable: false
        }
    }

    /// The format a file name asks for, from its extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtension == ext }) else { return nil }
        self = format
    }
}
