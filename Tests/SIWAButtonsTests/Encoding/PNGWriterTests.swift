import ComparisonWriters
import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

/// Our PNG writer (run-aware DEFLATE) against libpng + zlib on the same pixels: the files
/// differ, what they decode to (straight RGBA, libpng's reader) does not.
@Suite("PNG writer")
struct PNGWriterTests {
    /// Straight RGBA of a PNG, through libpng's reader.
    static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try #require(ComparisonWriter.decodePNG(png))
    }

    /// Both writers on the same ARGB32 words: same size and pixels, ours no larger.
    static func compare(_ words: [UInt32], width: Int, height: Int, noLarger: Bool = true) throws {
        try words.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt8.self).baseAddress!
            let ours = try PNGEncoder.encode(pixels: pixels, width: width, height: height, stride: width * 4)
            let theirs = try ComparisonWriter.libpng.encode(pixels: pixels, width: width, height: height, stride: width * 4)
            let a = try decode(ours), b = try decode(theirs)
            #expect(a.width == width && a.height == height && b.width == width && b.height == height)
            #expect(a.rgba == b.rgba, "\(width)x\(height): pixels differ")
            if noLarger { #expect(ours.count <= theirs.count, "\(width)x\(height): \(ours.count) > \(theirs.count) bytes") }
        }
    }

    static let targets = [
        "/appleid/button?width=375&height=64",
        "/appleid/button?width=375&height=64&scale=6",
        "/appleid/button?color=white&border=true&width=250&height=44&scale=3",
        "/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260",
        "/appleid/button?locale=ja_JP&type=sign-up&color=white&border=true&width=300&height=56&scale=2",
        "/appleid/button/logo?size=44&color=black&border_radius=50&scale=3",
        "/appleid/button?locale=th_TH&width=141&height=31&scale=1",
    ]

    @Test("Buttons: the same pixels as libpng's file, in fewer bytes", arguments: targets)
    func buttons(target: String) throws {
        let request = try ButtonRequest.parse(target)
        let renderer = try ButtonRenderer.shared()
        let png = try renderer.render(request.spec, format: .png, scale: Double(request.scale))
        let decoded = try Self.decode(png)
        // The served file is ours: one IDAT, and it decodes like libpng's encoding of the same drawing.
        #expect(png.count > 50 && Array(png[12..<16]) == Array("IHDR".utf8))
        var words = [UInt32](repeating: 0, count: decoded.width * decoded.height)
        // Premultiply the decoded straight pixels the way Cairo would hold them; both writers then
        // un-premultiply the same words.
        for i in 0..<words.count {
            let r = UInt32(decoded.rgba[4 * i]), g = UInt32(decoded.rgba[4 * i + 1])
            let b = UInt32(decoded.rgba[4 * i + 2]), a = UInt32(decoded.rgba[4 * i + 3])
            func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            words[i] = a << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
        }
        try Self.compare(words, width: decoded.width, height: decoded.height)
    }

    @Test("Colour, every alpha, odd widths, repeated rows, noise: the same pixels as libpng's")
    func synthetic() throws {
        var noise = SyntheticPixels()
        func next() -> UInt32 { noise.next() }
        let premultiplied = SyntheticPixels.premultiplied
        for (width, height) in [(1, 1), (7, 3), (9, 5), (33, 17), (301, 40), (2, 1000)] {
            // Grey with every alpha, rows repeated in pairs.
            var grey = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let v = (y / 2) % 2 == 0 ? next() : grey[(y - 1) * width + x]
                    let a = v & 0xFF, c = (v >> 8) & 0xFF
                    grey[y * width + x] = y % 2 == 1 && (y / 2) % 2 == 0 ? grey[(y - 1) * width + x] : premultiplied(c, c, c, a)
                }
            }
            try Self.compare(grey, width: width, height: height, noLarger: false)
            // Colour noise: incompressible, so the worst case of the output bound.
            let colour = (0..<width * height).map { _ in
                let v = next()
                return premultiplied(v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24)
            }
            try Self.compare(colour, width: width, height: height, noLarger: false)
            // Colour runs: one colour pixel far into flat grey makes the whole image RGBA.
            var runs = [UInt32](repeating: 0xFF20_2020, count: width * height)
            runs[runs.count - 1] = 0xFF10_2030
            try Self.compare(runs, width: width, height: height, noLarger: width * height >= 1000)
        }
    }

    @Test("An empty image is an error, as libpng's")
    func emptyImage() throws {
        let pixels = [UInt8](repeating: 0, count: 16)
        #expect(throws: PNGEncoder.EncodeError.self) {
            try PNGEncoder.encode(pixels: pixels, width: 0, height: 4, stride: 0)
        }
        #expect(throws: PNGEncoder.EncodeError.self) {
            try PNGEncoder.encode(pixels: pixels, width: 4, height: 0, stride: 16)
        }
    }
}
