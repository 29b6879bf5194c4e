import Foundation
import SIWAButtons
@testable import SIWALint

/// Renders, images and their findings for the rule tests.
enum LintTestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Apple's reference PNGs in `../shared` beside the project (as SIWAButtonsTests reads them).
    static let references = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/reference/apple")
    static var hasReferences: Bool { FileManager.default.fileExists(atPath: references.path) }

    static func renderer() throws -> ButtonRenderer { try ButtonRenderer.shared() }

    /// Findings on a request, by rule id.
    static func requestIDs(
        _ target: String, _ context: LintContext = LintContext(),
        titles: TitleTable = .standard
    ) throws -> [String] {
        let linter = RequestLinter(renderer: try renderer().with(titles: titles))
        return linter.findings(try ButtonRequest.parse(target).spec, context: context).map(\.rule.id)
    }

    /// Our render of a request as a measured image (its scale from the request unless given).
    static func image(_ target: String, format: OutputFormat = .png, scale: Double? = nil) throws -> RasterImage {
        let request = try ButtonRequest.parse(target)
        let bytes = try renderer().render(request.spec, format: format, scale: Double(request.scale))
        return try RasterImage.decode(bytes, path: target, scale: scale ?? Double(request.scale))
    }

    static func lint(_ image: RasterImage, _ context: LintContext = LintContext()) throws -> ImageLinter.Result {
        try ImageLinter.lint(image, subject: "test", context: context)
    }

    static func imageIDs(_ image: RasterImage, _ context: LintContext = LintContext()) throws -> [String] {
        try lint(image, context).report.findings.map(\.rule.id)
    }
}

/// Edits of an image, to make the broken buttons of the corpus from our renders.
extension RasterImage {
    func color(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * width + x) * 4; return Array(rgba[i..<i + 4]) }

    /// A copy with `body` changing the RGBA bytes of each pixel in the rect.
    func editing(x0: Int, y0: Int, x1: Int, y1: Int, _ body: (inout [UInt8]) -> Void) -> RasterImage {
        var out = rgba
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) {
                let i = (y * width + x) * 4
                var p = Array(out[i..<i + 4])
                body(&p)
                out.replaceSubrange(i..<i + 4, with: p)
            }
        }
        return RasterImage(width: width, height: height, scale: scale, rgba: out)
    }

    /// The rect x0..<x1, y0..<y1 of the image.
    func cropped(x0: Int, y0: Int, x1: Int, y1: Int) -> RasterImage {
        var out: [UInt8] = []
        for y in y0..<y1 { out += rgba[(y * width + x0) * 4..<(y * width + x1) * 4] }
        return RasterImage(width: x1 - x0, height: y1 - y0, scale: scale, rgba: out)
    }

    /// The image in the middle of a wider canvas filled with `fill` (RGBA).
    func padded(toWidth newWidth: Int, fill: [UInt8]) -> RasterImage {
        let left = (newWidth - width) / 2
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<newWidth {
                let sx = x - left
                out += (0..<width).contains(sx) ? Array(rgba[(y * width + sx) * 4..<(y * width + sx) * 4 + 4]) : fill
            }
        }
        return RasterImage(width: newWidth, height: height, scale: scale, rgba: out)
    }

    /// Every row moved up by `rows` (the bottom filled with the row above it).
    func shiftedUp(_ rows: Int, within x0: Int, _ x1: Int) -> RasterImage {
        var out = rgba
        for y in 0..<height {
            let from = min(height - 1, y + rows)
            for x in x0..<x1 {
                let i = (y * width + x) * 4, j = (from * width + x) * 4
                out.replaceSubrange(i..<i + 4, with: rgba[j..<j + 4])
            }
        }
        return RasterImage(width: width, height: height, scale: scale, rgba: out)
    }
}
