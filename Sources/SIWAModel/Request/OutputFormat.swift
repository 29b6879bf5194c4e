/// The encodings we produce.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// PNG (the default, Apple's only one), lossless WebP, SVG and PDF.
    case png, webp, svg, pdf
    /// Android's VectorDrawable XML (`res/drawable/*.xml`), written from the vector scene.
    case vectorDrawable = "vectordrawable"

    /// The `Content-Type` the image endpoints answer with (`image/png`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .vectorDrawable: "application/xml"
        }
    }

    /// The format's name in pages and labels: `PNG`, `WebP`, `SVG`, `PDF`, `VectorDrawable`.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .webp: "WebP"
        case .svg: "SVG"
        case .pdf: "PDF"
        case .vectorDrawable: "VectorDrawable"
        }
    }

    /// The file name's extension: the raw value, `xml` for VectorDrawable.
    public var fileExtension: String {
        switch self {
        case .vectorDrawable: "xml"
        default: rawValue
        }
    }

    /// Pixels (PNG, WebP): a set has one file per scale. The vector formats come once,
    /// at 1x (their scale only multiplies user units).
    public var isRaster: Bool {
        switch self {
        case .png, .webp: true
        case .svg, .pdf, .vectorDrawable: false
        }
    }

    /// A browser shows it in an `<img>` (PNG, WebP, SVG): the gallery can preview it.
    public var isBrowserImage: Bool {
        switch self {
        case .png, .webp, .svg: true
        case .pdf, .vectorDrawable: false
        }
    }

    /// What the image endpoints answer without `format=` (Apple's answer PNG), and the
    /// `<img>` every snippet falls back to.
    public static let `default` = OutputFormat.png

    /// Offered in the snippets' `<picture>` as a `<source type>` ahead of the PNG
    /// `<img>`: smaller, for the browsers that take it. The rank orders the sources,
    /// lowest first: a browser takes the first whose type it supports, so the smallest
    /// file goes first. Nil: not a picture source.
    public var pictureSourceRank: Int? {
        switch self {
        case .webp: 1
        case .png, .svg, .pdf, .vectorDrawable: nil
        }
    }

    /// Whether the snippets offer it as a `<picture>` source (it has a rank).
    public var isPictureSource: Bool { pictureSourceRank != nil }

    /// The picture sources in the order of a `<picture>`.
    public static let pictureSources: [OutputFormat] = allCases.compactMap { format in
        format.pictureSourceRank.map { (rank: $0, format: format) }
    }.sorted { $0.rank < $1.rank }.map(\.format)

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
