import Crypto
import Foundation
import SIWAButtons

/// What the service needs from the rendering core: a thread-safe, synchronous
/// render function, the titles it draws (the snippets' `alt` text names them too) and a
/// fingerprint of everything besides the request that decides its bytes (renderer
/// version, font files, C library versions, replaced titles). Tests inject their own
/// render function.
public struct RenderBackend: Sendable {
    /// Identifies the renderer's output for ETags; changes when the renderer version,
    /// the fonts, a library that draws or encodes (Cairo, Pango, libpng...) or the
    /// replaced titles (`--labels`) change.
    public let fingerprint: String
    /// The titles the images show, for the snippets' `alt` text.
    public let titles: TitleTable
    /// Draws and encodes one button in a format at a scale (pixels per point); called on
    /// the service's render threads.
    public let render: @Sendable (ButtonSpec, OutputFormat, Double) throws -> [UInt8]
    /// The renderer behind `render`, when there is one (not for injected test functions):
    /// the lint API measures titles with its fonts (`--font`, `--fonts-dir`).
    public let renderer: ButtonRenderer?

    /// A backend over any render function (tests inject controllable ones).
    /// - Parameters:
    ///   - fingerprint: identifies the output for ETags.
    ///   - titles: the titles the images show.
    ///   - renderer: the renderer behind `render`, if any.
    ///   - render: draws and encodes one button.
    public init(
        fingerprint: String, titles: TitleTable = .standard, renderer: ButtonRenderer? = nil,
        render: @escaping @Sendable (ButtonSpec, OutputFormat, Double) throws -> [UInt8]
    ) {
        self.fingerprint = fingerprint
        self.titles = titles
        self.renderer = renderer
        self.render = render
    }

    /// Backend over a renderer; reads every font file once to fingerprint it.
    public init(renderer: ButtonRenderer) throws {
        let fingerprint = try Self.fingerprint(
            libraries: ButtonRenderer.libraryVersions, fonts: renderer.fonts.files,
            titles: renderer.titles)
        self.init(fingerprint: fingerprint, titles: renderer.titles, renderer: renderer) { spec, format, scale in
            try renderer.render(spec, format: format, scale: scale)
        }
    }

    /// `RendererVersion-digest`, the digest over the library versions, the font files'
    /// names and bytes and, when some titles are replaced, the table of replaced titles
    /// (so the same URL served with and without `--labels` has different ETags, and
    /// without it the ETags stay those of earlier releases).
    static func fingerprint(libraries: String, fonts: [URL], titles: TitleTable = .standard) throws -> String {
        var hash = SHA256()
        hash.update(field: Data(libraries.utf8))
        for file in fonts {
            hash.update(field: Data(file.lastPathComponent.utf8))
            hash.update(field: try Data(contentsOf: file, options: .alwaysMapped))
        }
        if !titles.isStandard {
            hash.update(field: Data("titles".utf8))
            hash.update(field: Data(titles.canonicalText.utf8))
        }
        return "\(RendererVersion.current)-\(hash.finalize().hex.prefix(16))"
    }

    /// Strong ETag of one image: a digest of the fingerprint and the normalised request,
    /// so it is known before rendering (304 without work) and equal across instances.
    func eTag(for key: RenderKey) -> String {
        var hash = SHA256()
        for field in [fingerprint, key.target, key.format.rawValue] {
            hash.update(field: Data(field.utf8))
        }
        return "\"\(hash.finalize().hex.prefix(32))\""
    }
}

extension SHA256 {
    /// Each field ends with 0xFF (never in UTF-8), so ("ab", "c") and ("a", "bc") differ.
    mutating func update(field: Data) {
        update(data: field)
        update(data: Data([0xFF]))
    }
}

extension SHA256Digest {
    var hex: String {
        map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
