import Foundation
import SharedTestSupport
import Testing
@testable import SIWAButtons
@testable import SIWAModel
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Encodings")
struct EncodingTests {
    /// PNG chunk types in file order.
    static func chunks(_ png: [UInt8]) -> [String] {
        var names: [String] = [], i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            names.append(String(decoding: png[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        return names
    }

    @Test("PNG: exact size, 8-bit grey+alpha, Apple's chunks only")
    func pngStructure() throws {
        let png = try TestSupport.render("/appleid/button?width=200&height=32&scale=2")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Self.chunks(png).filter { $0 != "IDAT" } == ["IHDR", "sRGB", "IEND"])
        let size = try #require(pngSize(png))
        #expect(size.width == 400 && size.height == 64)
        #expect(png[24] == 8, "bit depth")
        #expect(png[25] == 4, "colour type grey+alpha")
    }

    @Test("Fractional pixel scales (Android's hdpi): size rounded half up; whole ones draw what Apple's scale= asks for")
    func fractionalPixelScale() throws {
        let renderer = try ButtonRenderer.shared()
        let spec = try ButtonRequest.parse("/appleid/button?width=375&height=64").spec
        let hdpi = try renderer.render(spec, format: .png, scale: 1.5)
        let size = try #require(pngSize(hdpi))
        #expect(size.width == 563 && size.height == 96)
        let bitmap = try Bitmap(png: hdpi)
        #expect(bitmap.pixels[0] == 0, "corner transparent")
        #expect(bitmap.pixels[48 * 563 + 281] >> 24 == 255, "centre opaque")
        #expect(try renderer.render(spec, format: .png, scale: 2) == TestSupport.render("/appleid/button?width=375&height=64&scale=2"))
    }

    @Test(
        "PNG pixels: pure fills, transparent corners, grey edges without colour leaks",
        arguments: ["/appleid/button?color=black&scale=3", "/appleid/button?color=white&border=true&scale=2&border_radius=50"])
    func pngPixels(target: String) throws {
        let bitmap = try Bitmap(png: try TestSupport.render(target))
        let request = try ButtonRequest.parse(target), spec = request.spec
        #expect(bitmap.width == spec.width * request.scale && bitmap.height == spec.height * request.scale)
        #expect(bitmap.pixels[0] == 0, "top-left corner fully transparent")
        // Middle of the left edge, inside any border: the pure fill.
        let inside = bitmap.pixels[(bitmap.height / 2) * bitmap.width + 4 * request.scale]
        #expect(inside == (spec.color == .black ? 0xFF00_0000 : 0xFFFF_FFFF))
        for p in bitmap.pixels {
            let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            if r != g || g != b { Issue.record("non-grey pixel \(String(p, radix: 16))"); break }
        }
    }

    @Test("SVG: valid, self-contained, accessible")
    func svg() throws {
        let bytes = try TestSupport.render("/appleid/button/left?locale=ar_SA&width=260&height=44&type=continue", .svg)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("role=\"img\""))
        #expect(text.contains("<title>\(ButtonLocale(code: "ar_SA")!.title(.continue))</title>"))
        #expect(text.contains("width=\"260\"") && text.contains("height=\"44\""))
        for forbidden in ["@font-face", "font-family", "<image", "@import", "url(http"] {
            #expect(!text.contains(forbidden), "SVG must not reference \(forbidden)")
        }
        let parser = XMLParser(data: Data(bytes))
        #expect(parser.parse(), "well-formed XML")
    }

    @Test(
        "SVG renders in rsvg-convert at the button's size",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "rsvg-convert not installed"))
    func svgRenders() throws {
        let svg = try TestSupport.temporaryFile("b.svg", try TestSupport.render("/appleid/button?width=200&height=32&scale=2", .svg))
        let png = svg.deletingPathExtension().appendingPathExtension("png")
        _ = try TestSupport.run("rsvg-convert", ["-o", png.path, svg.path])
        let bitmap = try Bitmap(png: png)
        #expect(bitmap.width == 400 && bitmap.height == 64)
        // The same drawing through another renderer: glyphs land within a fraction of a
        // pixel of ours, so the images differ only in anti-aliasing (mean < 3 of 255;
        // a missing or misplaced element would cost far more).
        let ours = try Bitmap(png: try TestSupport.render("/appleid/button?width=200&height=32&scale=2"))
        #expect(bitmap.meanDifference(ours) < 3, "mean difference \(bitmap.meanDifference(ours))")
    }

    @Test("PDF: one vector page of the button's size, titled")
    func pdf() throws {
        let bytes = try TestSupport.render("/appleid/button/logo?size=44&color=black&border_radius=50", .pdf)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/MediaBox [ 0 0 44 44 ]"))
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 == 1 || text.components(separatedBy: "/Type /Page ").count - 1 == 1)
        #expect(!text.contains("/Subtype /Image"), "vector only")
    }

    @Test("Output is byte-identical between runs", arguments: OutputFormat.allCases)
    func deterministic(format: OutputFormat) throws {
        let target = "/appleid/button?locale=ja_JP&type=continue&width=260&height=44&scale=2"
        #expect(try TestSupport.render(target, format) == TestSupport.render(target, format))
    }
}
