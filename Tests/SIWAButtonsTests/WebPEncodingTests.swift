import CCairo
import CWebP
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

    @Test("libwebp's version is among the libraries whose output is in the bytes")
    func versionInFingerprint() {
        #expect(ButtonRenderer.libraryVersions.contains("libwebp \(WebPEncoder.libraryVersion.dropFirst("libwebp ".count))"))
        #expect(ButtonRenderer.libraryVersions.hasSuffix(WebPEncoder.libraryVersion))
    }
}
