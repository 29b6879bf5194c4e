import Foundation
import SharedTestSupport
import Testing

/// The `render` examples of docs/render.md as a user runs them: files by extension,
/// standard output, the format chosen by --format or format=, a full Apple URL.
@Suite struct RenderExampleTests {
    @Test("PNG example: 200x32 at scale 2 is 400x64 pixels")
    func pngExample() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa([
            "render", "/appleid/button?color=white&border=true&width=200&height=32&scale=2",
            "-o", tmp("button.png").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(pngSize(tmp.bytes("button.png")))
        #expect(size.width == 400 && size.height == 64)
    }

    @Test("SVG example: the Arabic title")
    func svgExample() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa([
            "render", "/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260",
            "-o", tmp("left.svg").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: tmp.bytes("left.svg"), as: UTF8.self).contains("<title>المتابعة باستخدام Apple</title>"))
    }

    @Test("PDF example")
    func pdfExample() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa([
            "render", "/appleid/button/logo?size=44&color=black&border_radius=50", "-o", tmp("logo.pdf").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(tmp.bytes("logo.pdf").starts(with: Array("%PDF-".utf8)))
    }

    @Test("VectorDrawable: -o x.xml, and --format vectordrawable agrees with it")
    func vectorDrawableExample() throws {
        let tmp = try TemporaryFolder()
        let target = "/appleid/button?locale=ar_SA&width=260&height=44"
        let result = try Executable.siwa(["render", target, "-o", tmp("button.xml").path])
        #expect(result.status == 0, "\(result.stderr)")
        let xml = String(decoding: tmp.bytes("button.xml"), as: UTF8.self)
        #expect(xml.contains("<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""))
        #expect(xml.contains("android:width=\"260dp\""))
        let piped = try Executable.siwa(["render", target, "--format", "vectordrawable", "-o", "-"])
        #expect(Array(piped.stdout) == tmp.bytes("button.xml"))
        let conflict = try Executable.siwa(["render", target + "&format=vectordrawable", "-o", tmp("b.svg").path])
        #expect(conflict.status == 1 && conflict.stderr.contains("Conflicting formats: vectordrawable and svg"))
    }

    @Test("WebP example: -o x.webp writes lossless WebP (RIFF, VP8L) of the PNG's pixel size, also with --format")
    func webpExample() throws {
        let tmp = try TemporaryFolder()
        let target = "/appleid/button?color=white&border=true&width=200&height=32&scale=2"
        for arguments in [["-o", tmp("x.webp").path], ["-o", tmp("y").path, "--format", "webp"], ["-o", tmp("z.png").path]] {
            let result = try Executable.siwa(["render", target] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let webp = tmp.bytes("x.webp")
        #expect(webp == tmp.bytes("y"))
        #expect(webp.starts(with: Array("RIFF".utf8)) && Array(webp[8..<16]) == Array("WEBPVP8L".utf8))
        // VP8L header: 14-bit width - 1 and height - 1 after the signature byte 0x2F.
        let bits = UInt32(webp[21]) | UInt32(webp[22]) << 8 | UInt32(webp[23]) << 16 | UInt32(webp[24]) << 24
        #expect(webp[20] == 0x2F && (bits & 0x3FFF) + 1 == 400 && (bits >> 14 & 0x3FFF) + 1 == 64)
        #expect(webp.count < tmp.bytes("z.png").count, "lossless WebP is smaller than our PNG")
        let conflict = try Executable.siwa(["render", target + "&format=webp", "-o", tmp("w.png").path])
        #expect(conflict.status == 1 && conflict.stderr.contains("Conflicting formats: webp and png"), "\(conflict.stderr)")
    }

    @Test("-o - writes a PNG to standard output")
    func pngToStandardOutput() throws {
        let result = try Executable.siwa(["render", "/appleid/button?type=continue", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(pngSize(result.stdout) != nil)
    }

    @Test("--format svg to standard output")
    func formatOption() throws {
        let result = try Executable.siwa(["render", "/appleid/button", "--format", "svg", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.contains("<svg"))
    }

    @Test("format= in the query")
    func formatInQuery() throws {
        let result = try Executable.siwa(["render", "/appleid/button?format=pdf", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: Array("%PDF".utf8)))
    }

    @Test("A full Apple URL")
    func fullAppleURL() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["render", "https://appleid.cdn-apple.com/appleid/button?width=200", "-o", tmp("url.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        // 200x30 points (Apple's default height) at scale 1.
        let size = try #require(pngSize(tmp.bytes("url.png")))
        #expect(size.width == 200 && size.height == 30)
    }

    @Test("--format with any extension writes that format")
    func formatWithAnyExtension() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["render", "/appleid/button", "--format", "svg", "-o", tmp("b.txt").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: tmp.bytes("b.txt"), as: UTF8.self).contains("<svg"))
    }
}
