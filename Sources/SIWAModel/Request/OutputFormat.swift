/// The encodings we produce.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, svg, pdf
    case vectorDrawable = "vectordrawable"

    public var mediaType: String {
        switch self {
        case .png: "image/png"
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

    /// The format a file name asks for, from its extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
