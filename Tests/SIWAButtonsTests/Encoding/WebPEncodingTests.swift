import CCairo
import CWebP
import ComparisonWriters
import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

/// Lossless WebP: the PNG's pixels exactly, in a RIFF/VP8L file, the same bytes every time.
@Suite("WebP encoding")
struct WebPEncodingTests {
    static let targets = [
        "/appleid/button?width=200&height=32&scale=2",
        "/appleid/button?color=white&border=true&width=250&height=44&scale=3",
        "/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260",
        "/appleid/button?locale=ja_JP&type=sign-up&color=white&width=300&height=56&scale=2",
        "/appleid/button/logo?size=44&color=black&border_radius=50&scale=3",
    ]

    /// Straight RGBA bytes, through libwebp's own decoder.
    static func decode(_ webp: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var width: Int32 = 0, height: Int32 = 0
        let pixels = try #require(webp.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) })
        defer { WebPFree(pixels) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width * height * 4))))
    }

    /// Cairo's premultiplication when it reads a PNG (`multiply_alpha` in cairo-png.c).
    static func premultiplied(_ rgba: [UInt8]) -> [UInt32] {
        func multiply(_ a: UInt32, _ c: UInt32) -> UInt32 {
            let t = a * c + 0x80
            return ((t >> 8) + t) >> 8
        }
        return stride(from: 0, to: rgba.count, by: 4).map { i in
            let a = UInt32(rgba[i + 3])
            if a == 0 { return 0 }
            return a << 24 | multiply(a, UInt32(rgba[i])) << 16 | multiply(a, UInt32(rgba[i + 1])) << 8 | multiply(a, UInt32(rgba[i + 2]))
        }
    }

    @Test("Decoded, the WebP is the PNG of the same button, pixel for pixel (edges included)", arguments: targets)
    func samePixelsAsPNG(target: String) throws {
        let png = try TestSupport.render(target, .png)
        let webp = try TestSupport.render(target, .webp)
        let decoded = try Self.decode(webp)
        let reference = try Bitmap(png: png)
        #expect(decoded.width == reference.width && decoded.height == reference.height)
        // Both files hold the same straight-alpha pixels (each un-premultiplied from the
        // same surface with the same rounding); read back through Cairo's PNG reader, the
        // PNG is premultiplied again, so the WebP's pixels are premultiplied the same way.
        let pixels = Self.premultiplied(decoded.rgba)
        let differing = zip(pixels, reference.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ")
        // The check covered anti-aliased edges, where un-premultiplying matters.
        let alphas: [UInt8] = stride(from: 3, to: decoded.rgba.count, by: 4).map { decoded.rgba[$0] }
        let edges = alphas.filter { $0 != 0 && $0 != 255 }.count
        #expect(edges > 50, "only \(edges) semi-transparent pixels")
    }

    @Test("A semi-transparent edge pixel keeps its straight colour: white at any alpha stays white")
    func straightAlphaEdges() throws {
        let decoded = try Self.decode(try TestSupport.render("/appleid/button?color=white&width=200&height=32&scale=2", .webp))
        // The white button has no outline: every visible pixel is white (the logo and
        // label are black on it, but the corners' edge pixels are white at partial alpha).
        var corner: [Int] = []
        for y in 0..<6 {
            for x in 0..<6 {
                let i = (y * decoded.width + x) * 4
                if decoded.rgba[i + 3] > 0 && decoded.rgba[i + 3] < 255 { corner.append(i) }
            }
        }
        #expect(!corner.isEmpty)
        for i in corner {
            #expect(
                decoded.rgba[i] == 255 && decoded.rgba[i + 1] == 255 && decoded.rgba[i + 2] == 255,
                "pixel \(i / 4): \(decoded.rgba[i..<i + 4])")
        }
    }

    @Test("RIFF/WEBP with one VP8L (lossless) chunk of the right size; RIFF length = file length - 8", arguments: targets)
    func container(target: String) throws {
        let webp = try TestSupport.render(target, .webp)
        let png = try TestSupport.render(target, .png)
        #expect(Array(webp[0..<4]) == Array("RIFF".utf8) && Array(webp[8..<16]) == Array("WEBPVP8L".utf8))
        let riffLength = Int(webp[4]) | Int(webp[5]) << 8 | Int(webp[6]) << 16 | Int(webp[7]) << 24
        #expect(riffLength == webp.count - 8)
        let chunkLength = Int(webp[16]) | Int(webp[17]) << 8 | Int(webp[18]) << 16 | Int(webp[19]) << 24
        #expect(20 + chunkLength + chunkLength % 2 == webp.count, "one chunk, nothing after it")
        #expect(webp[20] == 0x2F, "VP8L signature")
        let request = try ButtonRequest.parse(target)
        let bits = UInt32(webp[21]) | UInt32(webp[22]) << 8 | UInt32(webp[23]) << 16 | UInt32(webp[24]) << 24
        #expect(Int(bits & 0x3FFF) + 1 == request.spec.width * request.scale)
        #expect(Int(bits >> 14 & 0x3FFF) + 1 == request.spec.height * request.scale)
        #expect(bits >> 28 & 1 == 1, "alpha used")
        #expect(webp.count < png.count, "WebP \(webp.count) bytes, PNG \(png.count)")
    }

    @Test("The same button gives the same bytes (ETags depend on it), also from another renderer")
    func deterministic() throws {
        let spec = try ButtonRequest.parse("/appleid/button/left?locale=th_TH&width=300&height=50&scale=2").spec
        let first = try ButtonRenderer.shared().render(spec, format: .webp, scale: 2)
        let other = ButtonRenderer(fonts: try FontLibrary())
        #expect(try ButtonRenderer.shared().render(spec, format: .webp, scale: 2) == first)
        #expect(try other.render(spec, format: .webp, scale: 2) == first)
    }

    @Test("Fractional pixel scales are drawn as for PNG")
    func fractionalScale() throws {
        let spec = try ButtonRequest.parse("/appleid/button?width=375&height=64").spec
        let decoded = try Self.decode(try ButtonRenderer.shared().render(spec, format: .webp, scale: 1.5))
        #expect(decoded.width == 563 && decoded.height == 96)
    }

    @Test("Our writer's bytes depend on no library: libwebp's version is not in the fingerprint")
    func versionNotInFingerprint() {
        #expect(!ButtonRenderer.libraryVersions.contains("libwebp"))
    }

    /// Straight RGBA of premultiplied ARGB32 words, rounded as both writers do.
    static func straight(_ words: [UInt32]) -> [UInt8] {
        func channel(_ c: UInt32, _ a: UInt32) -> UInt8 { UInt8(min((c * 255 + a / 2) / a, 255)) }
        return words.flatMap { p -> [UInt8] in
            let a = p >> 24
            if a == 0 { return [0, 0, 0, 0] }
            if a == 255 { return [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255] }
            return [channel(p >> 16 & 0xFF, a), channel(p >> 8 & 0xFF, a), channel(p & 0xFF, a), UInt8(a)]
        }
    }

    /// Our writer and libwebp's on the same words (rows `padding` words longer than the
    /// image): ours decodes to exactly the straight pixels, libwebp's to the same where
    /// alpha is not 0 (it may change colour under clear pixels).
    static func compare(_ words: [UInt32], width: Int, height: Int, padding: Int = 0) throws -> (ours: Int, libwebp: Int) {
        var padded = [UInt32](repeating: 0xDEAD_BEEF, count: (width + padding) * height)
        for y in 0..<height {
            for x in 0..<width { padded[y * (width + padding) + x] = words[y * width + x] }
        }
        return try padded.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt8.self).baseAddress!
            let stride = (width + padding) * 4
            let ours = try WebPEncoder.encode(pixels: pixels, width: width, height: height, stride: stride)
            let theirs = try ComparisonWriter.libwebp(level: ComparisonWriter.libwebpLevel).encode(
                pixels: pixels, width: width, height: height, stride: stride)
            let a = try decode(ours), b = try decode(theirs)
            let expected = straight(words)
            #expect(a.width == width && a.height == height && b.width == width && b.height == height)
            let differing = (0..<width * height).filter { i in a.rgba[4 * i..<4 * i + 4] != expected[4 * i..<4 * i + 4] }
            #expect(differing.count == 0, "\(width)x\(height): pixels differ, the first at \(differing.first ?? 0)")
            let visible = (0..<width * height).filter { expected[4 * $0 + 3] != 0 }
            #expect(visible.allSatisfy { b.rgba[4 * $0..<4 * $0 + 4] == expected[4 * $0..<4 * $0 + 4] }, "libwebp disagrees")
            return (ours.count, theirs.count)
        }
    }

    @Test("Buttons: our writer's file decodes to libwebp's pixels, at most 15% over its bytes", arguments: targets)
    func buttonsAgainstLibWebP(target: String) throws {
        let request = try ButtonRequest.parse(target)
        let png = try Bitmap(png: try TestSupport.render(target, .png))
        #expect(png.width == request.spec.width * request.scale)
        let sizes = try Self.compare(png.pixels, width: png.width, height: png.height)
        #expect(Double(sizes.ours) <= Double(sizes.libwebp) * 1.15, "\(sizes.ours) bytes against libwebp's \(sizes.libwebp)")
    }

    @Test("Colour, every alpha, odd widths, padded rows, repeats, noise: the exact pixels")
    func synthetic() throws {
        var noise = SyntheticPixels()
        func next() -> UInt32 { noise.next() }
        let premultiplied = SyntheticPixels.premultiplied
        for (width, height) in [(1, 1), (2, 1), (7, 3), (9, 5), (33, 17), (65, 70), (301, 40), (2, 1000), (5000, 2)] {
            // Grey with every alpha, rows repeated in pairs, a letter-like block repeated across.
            var grey = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let v = next(), a = v & 0xFF, c = (v >> 8) & 0xFF
                    grey[y * width + x] =
                        y % 2 == 1 ? grey[(y - 1) * width + x] : x >= 8 && x % 8 < 4 ? grey[y * width + x - 8] : premultiplied(c, c, c, a)
                }
            }
            _ = try Self.compare(grey, width: width, height: height)
            _ = try Self.compare(grey, width: width, height: height, padding: 3)
            // Colour noise: incompressible, the worst case of the output bound.
            let colour = (0..<width * height).map { _ in
                let v = next()
                return premultiplied(v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24)
            }
            _ = try Self.compare(colour, width: width, height: height)
            // Runs of one colour, one other pixel at the end; and all clear.
            var runs = [UInt32](repeating: 0xFF20_2020, count: width * height)
            runs[runs.count - 1] = 0xFF10_2030
            _ = try Self.compare(runs, width: width, height: height)
            _ = try Self.compare([UInt32](repeating: 0, count: width * height), width: width, height: height)
        }
    }

    @Test("A repeat farther back than VP8L's window (2^20 - 120 pixels) is written another way")
    func farRepeat() throws {
        var state: UInt32 = 7
        let width = 1100, height = 1000
        // Noise, one grey, then the noise again, 1,098,900 pixels back (the grey, in long
        // runs, leaves the noise's places in the writer's table).
        var words = [UInt32](repeating: 0xFF80_8080, count: width * height)
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            words[x] = state | 0xFF00_0000
            words[(height - 1) * width + x] = words[x]
        }
        _ = try Self.compare(words, width: width, height: height)
    }

    @Test("An empty image or one past WebP's 16384 pixels is an error, not a file")
    func badSizes() throws {
        let pixels = [UInt8](repeating: 0, count: 16 * 4)
        for (width, height) in [(0, 4), (4, 0), (16385, 1)] {
            #expect(throws: WebPEncoder.EncodeError.self) {
                try WebPEncoder.encode(pixels: pixels, width: width, height: height, stride: width * 4)
            }
        }
    }
}
