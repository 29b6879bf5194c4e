import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// `generate --formats png,webp`: WebP at every scale, in the manifest, and offered by
/// the snippets through `<source type="image/webp">` with the PNG `<img>` as fallback.
@Suite struct WebPSetTests {
    private func webConfiguration(formats: [OutputFormat]) -> GeneratorConfiguration {
        var config = smallConfiguration()
        config.formats = formats
        config.web.clientId = "com.example.web"
        config.web.redirectURI = "https://example.com/auth/apple"
        return config
    }

    /// Width and height from a VP8L header.
    private func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 25, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<16]) == Array("WEBPVP8L".utf8),
            bytes[20] == 0x2F
        else { return nil }
        let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
        return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
    }

    @Test("WebP at every scale with pixel sizes in the manifest") func webpAtEveryScaleWithPixelSizesInTheManifest() throws {
        let folder = try TemporaryFolder()
        let config = webConfiguration(formats: [.png, .webp])
        let manifest = try generator(config).generate(into: folder.url).manifest
        let webps = manifest.files.filter { $0.format == "webp" }
        let pngs = manifest.files.filter { $0.format == "png" }
        // The matrix at 1x and 2x, plus the snippets' button and its dark twin at 1x-3x, in both formats.
        #expect(webps.count == pngs.count && webps.count == config.variants.count * config.scales.count + 4)
        for entry in webps {
            #expect(entry.mediaType == "image/webp" && entry.path.hasSuffix("@\(entry.scale)x.webp"))
            let size = try #require(webpSize(folder.bytes(entry.path)), "\(entry.path)")
            #expect(size.width == entry.width && size.height == entry.height, "\(entry.path)")
            let png = try #require(
                pngs.first {
                    $0.endpoint
                        == entry.endpoint.replacingOccurrences(of: "&format=webp", with: "").replacingOccurrences(
                            of: "?format=webp", with: "")
                })
            #expect(png.width == entry.width && png.height == entry.height)
            #expect(entry.bytes < png.bytes, "\(entry.path): WebP \(entry.bytes) bytes, PNG \(png.bytes)")
        }
        #expect(folder.files().count == Generator.fileCount(config, snippets: true))
    }

    @Test("Snippets offer WebP before the PNG fallback") func snippetsOfferWebPBeforeThePNGFallback() throws {
        let folder = try TemporaryFolder()
        _ = try generator(webConfiguration(formats: [.png, .webp])).generate(into: folder.url)
        for name in ["snippet.html", "snippet-nojs.html"] {
            let html = String(decoding: folder.bytes(name), as: UTF8.self)
            let pictures = html.components(separatedBy: "<picture>").dropFirst()
            #expect(pictures.count == 2, "\(name)")
            for picture in pictures {
                // Order matters: the browser takes the first source that fits.
                let darkWebP = try #require(
                    picture.range(
                        of:
                            #"<source media="(prefers-color-scheme: dark)" type="image/webp" srcset="center/sign-in/white/en_US/button@1x.webp 1x, center/sign-in/white/en_US/button@2x.webp 2x, center/sign-in/white/en_US/button@3x.webp 3x">"#
                    ), "\(name)")
                let darkPNG = try #require(
                    picture.range(of: #"<source media="(prefers-color-scheme: dark)" srcset="center/sign-in/white/en_US/button@1x.png 1x"#))
                let webp = try #require(
                    picture.range(
                        of:
                            #"<source type="image/webp" srcset="center/sign-in/black/en_US/button@1x.webp 1x, center/sign-in/black/en_US/button@2x.webp 2x, center/sign-in/black/en_US/button@3x.webp 3x">"#
                    ))
                let img = try #require(picture.range(of: #"<img src="center/sign-in/black/en_US/button@1x.png""#))
                #expect(
                    darkWebP.lowerBound < darkPNG.lowerBound && darkPNG.lowerBound < webp.lowerBound && webp.lowerBound < img.lowerBound)
            }
            for match in html.matches(of: /([a-zA-Z_\-\/]+@[123]x\.webp)/) {
                #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(String(match.output.1)).path))
            }
        }
        let img = String(decoding: folder.bytes("snippet-img.html"), as: UTF8.self)
        #expect(img.hasPrefix(#"<picture><source type="image/webp" srcset="center/sign-in/black/en_US/button@1x.webp 1x, "#))
        #expect(img.contains(#"<img src="center/sign-in/black/en_US/button@1x.png" srcset="#) && img.hasSuffix("</picture>\n"))
    }

    @Test("Without WebP in the set the snippets offer none") func withoutWebPInTheSetTheSnippetsOfferNone() throws {
        let folder = try TemporaryFolder()
        _ = try generator(webConfiguration(formats: [.png, .svg])).generate(into: folder.url)
        for name in ["snippet.html", "snippet-nojs.html", "snippet-img.html"] {
            #expect(!String(decoding: folder.bytes(name), as: UTF8.self).contains("webp"), "\(name)")
        }
        #expect(!folder.files().contains { $0.hasSuffix(".webp") })
    }

    @Test("The image service always offers WebP") func theImageServiceAlwaysOffersWebP() throws {
        let web = try webConfiguration(formats: [.png]).web.settings()
        let snippets = SnippetRenderer(templates: try TemplateSet.load(), titles: .standard)
            .render(
                button: ButtonSpec(mode: .center), web: try #require(web),
                images: .endpoint(base: "https://buttons.example.com"))
        // Canonical URLs: the default button is the bare path, plus scale and format.
        let webp = #"<source type="image/webp" srcset="https://buttons.example.com/appleid/button?format=webp 1x"#
        #expect(snippets.imgHTML.hasPrefix("<picture>" + webp))
        #expect(snippets.imgHTML.contains("/appleid/button?scale=2&amp;format=webp 2x"))
        #expect(snippets.noJSHTML.contains(webp) && snippets.snippetHTML.contains(webp))
        #expect(
            snippets.noJSHTML.contains(
                #"<source media="(prefers-color-scheme: dark)" type="image/webp" srcset="https://buttons.example.com/appleid/button?color=white&amp;format=webp 1x"#
            ))
    }
}
