import Foundation
import SIWAButtons
import Testing
@testable import SIWALint

/// Files that are not images, images too small to measure, and the annotated output.
@Suite("Image input and output")
struct ImageInputTests {
    static func temporary(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-lint-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("Unreadable files are one-line errors naming the file")
    func unreadable() throws {
        let text = try Self.temporary("notes.png", Array("hello".utf8))
        #expect(throws: ImageLoadError(path: text, reason: "not a PNG, WebP or SVG image")) { try RasterImage.load(path: text, scale: 1) }
        #expect(throws: ImageLoadError(path: "/nonexistent/a.png", reason: "no such file")) {
            try RasterImage.load(path: "/nonexistent/a.png", scale: 1)
        }
        let truncated = try Self.temporary(
            "cut.png", Array(try LintTestSupport.renderer().render(ButtonSpec(), format: .png, scale: 1).prefix(60)))
        #expect { try RasterImage.load(path: truncated, scale: 1) } throws: { error in
            "\(error)".hasPrefix("Cannot read '\(truncated)': not a readable PNG") && !"\(error)".contains("\n")
        }
        // Corrupt data is said to be corrupt (Cairo reports all of libpng's errors as "out of memory").
        var corrupt = Array(try LintTestSupport.renderer().render(ButtonSpec(), format: .png, scale: 1))
        for i in 40..<min(corrupt.count, 200) { corrupt[i] ^= 0x5A }
        let corruptPath = try Self.temporary("corrupt.png", corrupt)
        #expect(throws: ImageLoadError(path: corruptPath, reason: "not a readable PNG (corrupt or truncated data)")) {
            try RasterImage.load(path: corruptPath, scale: 1)
        }
        // A chunk before IHDR: its bytes are not the image's size.
        let png = Array(try LintTestSupport.renderer().render(ButtonSpec(), format: .png, scale: 1))
        let early = Array(png[0..<8]) + [0, 0, 0, 4] + Array("tEXt".utf8) + [0x23, 0x28, 0x23, 0x28, 0, 0, 0, 0] + Array(png[8...])
        let earlyPath = try Self.temporary("early.png", early)
        #expect(throws: ImageLoadError(path: earlyPath, reason: "not a readable PNG (its first chunk is not a header, IHDR)")) {
            try RasterImage.load(path: earlyPath, scale: 1)
        }
        // A PNG header claiming 9000 x 10 px: refused before its pixels are allocated.
        var huge = Array(try LintTestSupport.renderer().render(ButtonSpec(), format: .png, scale: 1))
        huge.replaceSubrange(16..<20, with: [0, 0, 0x23, 0x28])
        let hugePath = try Self.temporary("huge.png", huge)
        #expect { try RasterImage.load(path: hugePath, scale: 1) } throws: { "\($0)".contains("larger than 8192 px on a side") }
        let badSVG = try Self.temporary("bad.svg", Array("<svg xmlns='http://www.w3.org/2000/svg'><g></svg>".utf8))
        #expect { try RasterImage.load(path: badSVG, scale: 1) } throws: { "\($0)".contains("not a readable SVG") }
    }

    @Test(
        "A WebP is measured like the PNG of the same button",
        arguments: [
            "/appleid/button?width=130&height=30&scale=2",
            "/appleid/button/left?color=white&border=true&locale=ar_SA&width=260&height=44&scale=3",
            "/appleid/button/logo?size=44&color=white&border=true&scale=2",
        ])
    func webp(_ target: String) throws {
        let png = try LintTestSupport.image(target)
        let webp = try LintTestSupport.image(target, format: .webp)
        #expect(webp.width == png.width && webp.height == png.height && webp.scale == png.scale)
        // Cairo hands PNGs over premultiplied, so only the edge pixels' colours may differ a level.
        #expect(zip(png.rgba, webp.rgba).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        let (a, b) = (try LintTestSupport.lint(png), try LintTestSupport.lint(webp))
        #expect(a.report.findings.map(\.rule.id) == b.report.findings.map(\.rule.id))
        #expect(a.measurement == b.measurement)
        // From a file, named like the generator's files: the scale comes from "@2x" (the CLI's rule).
        let request = try ButtonRequest.parse(target)
        let path = try Self.temporary(
            "button.webp", try LintTestSupport.renderer().render(request.spec, format: .webp, scale: Double(request.scale)))
        #expect(try RasterImage.load(path: path, scale: png.scale).rgba == webp.rgba)
    }

    @Test("A broken or oversized WebP is a one-line error")
    func badWebP() throws {
        let webp = Array(try LintTestSupport.renderer().render(ButtonSpec(), format: .webp, scale: 1))
        let cut = try Self.temporary("cut.webp", Array(webp.prefix(40)))
        #expect(throws: ImageLoadError(path: cut, reason: "not a readable WebP")) { try RasterImage.load(path: cut, scale: 1) }
        // A lossless header claiming 9000 x 10 px: refused before its pixels are allocated.
        let bits = UInt32(9000 - 1) | UInt32(10 - 1) << 14
        let le = { (v: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let huge = Array("RIFF".utf8) + le(4 + 8 + 5) + Array("WEBP".utf8) + Array("VP8L".utf8) + le(5) + [0x2F] + le(bits)
        let hugePath = try Self.temporary("huge.webp", huge)
        #expect(throws: ImageLoadError(path: hugePath, reason: "it is 9000 x 10 px, larger than 8192 px on a side")) {
            try RasterImage.load(path: hugePath, scale: 1)
        }
    }

    @Test("An image too small to measure is refused")
    func tooSmall() throws {
        let tiny = RasterImage(width: 12, height: 8, scale: 1, rgba: [UInt8](repeating: 255, count: 12 * 8 * 4))
        #expect(throws: ImageMeasureError("the image is 12 x 8 px, too small to measure (at least 16 x 16)")) {
            try ImageLinter.lint(tiny, subject: "tiny")
        }
        let clear = RasterImage(width: 40, height: 40, scale: 1, rgba: [UInt8](repeating: 0, count: 40 * 40 * 4))
        #expect(throws: ImageMeasureError.self) { try ImageLinter.lint(clear, subject: "clear") }
    }

    @Test("An SVG is measured in its own points")
    func svg() throws {
        let bytes = try LintTestSupport.renderer().render(
            try ButtonRequest.parse("/appleid/button?width=130&height=30").spec, format: .svg, scale: 1)
        let path = try Self.temporary("small.svg", bytes)
        let result = try ImageLinter.lint(path: path, scale: 1)
        #expect(result.measurement.widthPoints == 130 && result.measurement.heightPoints == 30)
        #expect(result.report.findings.map(\.rule.id) == ["min-width"])
    }

    @Test("--annotate makes a larger PNG with the image and a line per finding")
    func annotate() throws {
        let image = try LintTestSupport.image("/appleid/button?width=130&height=30&scale=2")
        let result = try LintTestSupport.lint(image)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-lint-annotated-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Data(try Annotator.png(result)).write(to: URL(fileURLWithPath: out))
        let written = try RasterImage.load(path: out, scale: 1)
        #expect(written.width > image.width && written.height > image.height)
        // Red ink: the failing measurement is drawn.
        #expect(stride(from: 0, to: written.rgba.count, by: 4).contains { written.rgba[$0] > 200 && written.rgba[$0 + 1] < 60 })
    }
}
