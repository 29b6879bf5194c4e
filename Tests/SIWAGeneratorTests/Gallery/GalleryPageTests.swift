import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// index.html as a hand-off page: facets as data attributes with a menu for each that
/// varies, a contents list with counts, every file's path and endpoint to copy.
@Suite struct GalleryPageTests {
    private func gallery(_ config: GeneratorConfiguration) throws -> (html: String, manifest: Manifest, folder: TemporaryFolder) {
        let folder = try TemporaryFolder()
        let manifest = try generator(config).generate(into: folder.url).manifest
        return (String(decoding: folder.bytes("index.html"), as: UTF8.self), manifest, folder)
    }

    /// The opening tags of the cards.
    private func cards(_ html: String) -> [String] {
        html.matches(of: /<figure class="item"[^>]*>/).map { String($0.output) }
    }

    @Test("Each card carries its facets and each varying facet has a menu")
    func eachCardCarriesItsFacetsAndEachVaryingFacetHasAMenu() throws {
        let config = smallConfiguration()
        let (html, _, _) = try gallery(config)
        let cards = cards(html)
        #expect(cards.count == config.variants.count)
        #expect(
            cards.contains(
                #"<figure class="item" data-mode="left" data-type="continue" data-style="white-outline" data-locale="ar_SA" data-preset="web">"#
            ))
        // A logo-only button has no title or locale: it matches any choice of those.
        #expect(cards.contains(#"<figure class="item" data-mode="logo" data-style="black" data-preset="web">"#))
        #expect(cards.filter { $0.contains("data-preset=\"web\"") }.count == cards.count)
        for facet in ["mode", "type", "style", "locale"] {
            #expect(html.contains(#"<select name="\#(facet)" data-facet="\#(facet)">"#), "\(facet)")
        }
        // One preset in the set: no menu for it.
        #expect(!html.contains(#"data-facet="preset""#))
        // Named for people, valued by the codes of the files and the URL hash.
        #expect(html.contains(#"<option value="ar_SA">Arabic (Saudi Arabia) · ar_SA</option>"#))
        #expect(html.contains(#"<option value="left">Left-aligned</option>"#))
        #expect(html.contains(#"<option value="white-outline">White with outline</option>"#))
        #expect(html.contains(#"<option value="continue">Continue</option>"#))
        #expect(html.contains(#"<script src="gallery.js" defer></script>"#))
    }

    @Test("Each layout has its cards and each file row names its preset") func eachLayoutHasItsCardsAndEachFileRowNamesItsPreset() throws {
        var config = PresetTests.configuration([.web, .ios])
        config.modes = [.center]
        config.styles = [.black]
        let (html, _, _) = try gallery(config)
        // One button in two layouts: a card in each layout's section; the asset catalog's
        // dark look (white) is in the black button's card, not one of its own.
        #expect(
            cards(html) == [
                #"<figure class="item" data-mode="center" data-type="sign-in" data-style="black" data-locale="en_US" data-preset="web">"#,
                #"<figure class="item" data-mode="center" data-type="sign-in" data-style="black" data-locale="en_US" data-preset="ios">"#,
            ])
        #expect(html.matches(of: /<section id="(web|ios)-center-250x44-sign-in" class="group">/).count == 2)
        #expect(html.contains(#"<select name="preset" data-facet="preset">"#))
        #expect(html.contains(#"<option value="web">Web</option>"#) && html.contains(#"<option value="ios">iOS</option>"#))
        // Each file row says its layout, which the menu uses to hide the other layouts' rows.
        let rows = html.matches(of: /<li data-preset="([a-z-]+)"><a href="([^"]+)"/).map { (String($0.output.1), String($0.output.2)) }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.1.hasPrefix($0.0 + "/") })
        #expect(Set(rows.map(\.0)) == ["web", "ios"])
    }

    /// What ships in dark mode: the iOS card's dark pane shows the `-dark` image (the
    /// white button), the Android card's the `-night` one, each named in the pane; the
    /// web layout has no dark look, so its dark pane shows the button itself.
    @Test("The dark pane shows what ships in dark mode") func theDarkPaneShowsWhatShipsInDarkMode() throws {
        var config = PresetTests.configuration([.web, .ios, .android], formats: [.png])
        config.modes = [.center]
        config.styles = [.black]
        let (html, manifest, _) = try gallery(config)
        let figures = html.matches(of: /<figure class="item"[^>]*data-preset="([a-z]+)">([\s\S]*?)<\/figure>/)
            .map { (String($0.output.1), String($0.output.2)) }
        #expect(figures.map(\.0) == ["web", "ios", "android"])
        func pane(_ look: String, _ card: String) -> String? {
            card.firstMatch(of: try! Regex(#"<div class="pane \#(look)">.*?<img src="([^"]+)".*?</div>"#)).map {
                String($0.output[1].substring!)
            }
        }
        for (preset, card) in figures {
            let light = try #require(pane("light", card)), dark = try #require(pane("dark", card))
            #expect(light.hasPrefix(preset + "/") && dark.hasPrefix(preset + "/"), "\(preset): \(light), \(dark)")
            switch preset {
            case "ios":
                #expect(!light.contains("-dark") && dark.contains("-dark"), "\(dark)")
            case "android":
                #expect(!light.contains("-night") && dark.contains("-night"), "\(dark)")
            default:
                #expect(light == dark)
            }
            // Named where it is the dark look, and its files listed after the light ones.
            #expect(card.contains(#"<span class="look">dark mode: white</span>"#) == (preset != "web"))
            let paths = card.matches(of: /<li data-preset="[a-z]+"><a [^>]*>[^<]*<\/a> <code>([^<]+)<\/code>/).map { String($0.output.1) }
            #expect(Set(paths) == Set(manifest.files.filter { $0.preset == preset }.map(\.path)), "\(preset): every file once")
        }
        // Black on dark grey keeps its ring; the white dark look needs none.
        #expect(html.components(separatedBy: "class=\"tile ringed\"").count - 1 == 2 + 2)
    }

    /// A large set in several languages is one page per language: index.html holds the
    /// first one and the logo-only buttons, gallery/LOCALE.html each other one, all
    /// linked from a language bar, every file on exactly one page, paths that resolve.
    @Test("A large set is one page per language") func aLargeSetIsOnePagePerLanguage() throws {
        var config = GeneratorConfiguration()
        config.modes = [.center, .left, .logo]
        config.styles = [.black]
        config.locales = Array(ButtonLocale.all.prefix(13))
        config.scales = [1]
        config.formats = [.png]
        config.presets = [.web, .email]
        config.formatsAskedFor = true
        config = PresetTests.withWeb(config)  // e-mail buttons link to Apple's sign-in
        #expect(config.variants.count * 2 > GalleryPage.cardsPerPage)
        let (index, manifest, folder) = try gallery(config)
        // en_US opens the set (the first code, ar_SA, does not).
        #expect(config.locales.first != .default && config.locales.contains(.default))
        let others = config.locales.filter { $0 != .default }.map { "gallery/\($0.code).html" }
        #expect(GalleryPage.paths(config) == ["index.html"] + others)
        #expect(Set(manifest.pages.map(\.path)).isSuperset(of: ["index.html"] + others))
        #expect(Generator.fileCount(config, snippets: true) == folder.files().count)
        #expect(try filesDifferingFromManifest(folder.url).isEmpty)

        var seen: [String: Int] = [:]
        let files = Set(folder.files())
        for path in ["index.html"] + others {
            let html = path == "index.html" ? index : String(decoding: folder.bytes(path), as: UTF8.self)
            let root = path == "index.html" ? "" : "../"
            // The language bar: every page, this one marked.
            let bar = html.matches(of: /<a href="([^"]+)" data-locale="([^"]+)"( aria-current="page")?>/)
            #expect(bar.count == config.locales.count && bar.filter { $0.output.3 != nil }.count == 1, "\(path)")
            for link in bar {
                let target = URL(fileURLWithPath: folder.url.appendingPathComponent(path).deletingLastPathComponent().path)
                    .appendingPathComponent(String(link.output.1)).standardized.path
                #expect(FileManager.default.fileExists(atPath: target), "\(path): \(link.output.1)")
            }
            #expect(html.contains(#"<script src="\#(root)gallery.js" defer></script>"#))
            #expect(html.contains(#"<a href="\#(root)manifest.json">"#))
            // Its cards: the page's language (and on index.html the logo-only ones).
            let locales = Set(cards(html).compactMap { $0.firstMatch(of: /data-locale="([^"]+)"/).map { String($0.output.1) } })
            let own = path == "index.html" ? "en_US" : String(path.dropFirst(8).dropLast(5))
            #expect(locales == [own], "\(path): \(locales)")
            #expect(cards(html).contains { $0.contains(#"data-mode="logo""#) } == (path == "index.html"))
            for image in html.matches(of: /<img src="([^"]+)"/) {
                let file = String(image.output.1.dropFirst(root.count)).removingPercentEncoding ?? ""
                #expect(image.output.1.hasPrefix(root) && files.contains(file), "\(image.output.1)")
            }
            for row in html.matches(of: /<li data-preset="[a-z]+"><a [^>]*>[^<]*<\/a> <code>([^<]+)<\/code>/) {
                seen[String(row.output.1), default: 0] += 1
            }
            // Large pages show each card's files on a click.
            #expect(html.contains("<details class=\"file-list\">") == (cards(html).count > GalleryPage.openFilesUpTo))
        }
        #expect(
            seen.keys.sorted() == manifest.files.map(\.path).sorted() && seen.values.allSatisfy { $0 == 1 }, "every file on one page, once")
    }

    @Test("Sections, captions and the language bar use names people read")
    func sectionsCaptionsAndTheLanguageBarUseNamesPeopleRead() throws {
        let (html, _, _) = try gallery(smallConfiguration())
        #expect(html.contains("<h2>Left-aligned · Continue · 250 x 44 pt · radius 15% <span class=\"count\">"))
        #expect(html.contains("<figcaption>White with outline · Arabic (Saudi Arabia) · ar_SA\n"))
        #expect(html.contains("<figcaption>Black\n"), "a logo-only button: its style alone")

        var config = smallConfiguration()
        config.modes = [.center, .left]
        config.scales = [1]
        config.formats = [.png]
        config.locales = [ButtonLocale(code: "ja_JP")!, .default] + ButtonLocale.all.filter { !["ja_JP", "en_US"].contains($0.code) }
        #expect(config.variants.count > GalleryPage.cardsPerPage)
        let (index, _, _) = try gallery(config)
        #expect(index.contains(#"<a href="gallery/ja_JP.html" data-locale="ja_JP">Japanese</a>"#))
        #expect(index.contains(#"<a href="index.html" data-locale="en_US" aria-current="page">English (United States)</a>"#))
    }

    @Test("A facet with one value gets no menu") func aFacetWithOneValueGetsNoMenu() throws {
        var config = smallConfiguration()
        config.locales = [ButtonLocale(code: "de_DE")!]
        config.styles = [.white]
        let (html, _, _) = try gallery(config)
        #expect(!html.contains(#"data-facet="locale""#) && !html.contains(#"data-facet="style""#))
        #expect(html.contains(#"data-facet="mode""#) && html.contains(#"data-facet="type""#))
    }

    @Test("Contents count buttons per facet and files per format") func contentsCountButtonsPerFacetAndFilesPerFormat() throws {
        var config = smallConfiguration()
        config.formats = [.png, .webp, .svg]
        let (html, manifest, _) = try gallery(config)
        let contents = try #require(html.firstMatch(of: /<nav class="contents"[\s\S]*?<\/nav>/)).output
        // 2 types x 2 styles x 2 locales per mode with a title; logo-only: 2 styles.
        #expect(contents.contains(##"<dd><a href="#mode=center">Center-aligned</a> (8)</dd>"##))
        #expect(contents.contains(##"<dd><a href="#mode=logo">Logo only</a> (2)</dd>"##))
        #expect(contents.contains(##"<dd><a href="#locale=ar_SA">Arabic (Saudi Arabia) · ar_SA</a> (8)</dd>"##))
        #expect(contents.contains(##"<dd><a href="#style=white-outline">White with outline</a> (9)</dd>"##))
        // The platform of a set without presets is always the web layout: not listed.
        #expect(!contents.contains("<dt>Platform</dt>") && !contents.contains("#preset="))
        let webp2x = manifest.files.filter { $0.format == "webp" && $0.scale == 2 }.count
        #expect(contents.contains("<dd>WebP @2x (\(webp2x))</dd>"))
        #expect(contents.contains("<dd>PNG @2x (\(webp2x))</dd>\n    <dd>WebP @1x ("), "PNG, then WebP, then SVG")
        #expect(contents.contains("<dd>SVG (\(config.variants.count))</dd>"))
        // A jump to every section.
        for id in html.matches(of: /<section id="([^"]+)"/).map({ String($0.output.1) }) {
            #expect(contents.contains(##"<a href="#\##(id)">"##), "\(id)")
        }
    }

    @Test("Every file is shown with its path and a copy button and each card with its endpoint")
    func everyFileIsShownWithItsPathAndACopyButtonAndEachCardWithItsEndpoint() throws {
        var config = smallConfiguration()
        config.formats = [.png, .webp, .pdf]
        let (html, manifest, _) = try gallery(config)
        for entry in manifest.files {
            #expect(
                html.contains(
                    "<code>\(entry.path)</code> <button type=\"button\" class=\"copy\" data-copy=\"\(entry.path)\" aria-label=\"Copy \(entry.path)\">Copy</button>"
                ),
                "\(entry.path)")
        }
        let endpoints = html.matches(
            of:
                /<code>(\/appleid\/button[^<]*)<\/code> <button type="button" class="copy" data-copy="([^"]*)" aria-label="Copy the endpoint URL">/
        )
        #expect(endpoints.count == cards(html).count)
        let known = Set(manifest.files.map { $0.endpoint.replacingOccurrences(of: "&", with: "&amp;") })
        for match in endpoints {
            #expect(match.output.1 == match.output.2 && known.contains(String(match.output.1)), "\(match.output.1)")
        }
        #expect(html.contains(">WebP @2x</a>"))
    }

    @Test("Black buttons get a ring on dark grey and nothing else does") func blackButtonsGetARingOnDarkGreyAndNothingElseDoes() throws {
        let config = smallConfiguration()
        let (html, _, _) = try gallery(config)
        #expect(html.contains(".dark { background: #1c1c1e; }"))
        let ringed = html.components(separatedBy: "class=\"tile ringed\"").count - 1
        let black = cards(html).filter { $0.contains("data-style=\"black\"") }.count
        #expect(ringed == 2 * black && black > 0, "one ring per pane of every black button (no dark look without presets)")
        // The ring has the button's corner radius: Apple's default 15% of 44 pt.
        #expect(html.contains(#"<span class="tile ringed" style="border-radius: 6.6px"><img"#))
    }

    @Test("Gallery script is written and listed") func galleryScriptIsWrittenAndListed() throws {
        let (_, manifest, folder) = try gallery(smallConfiguration())
        let script = String(decoding: folder.bytes("gallery.js"), as: UTF8.self)
        #expect(script.contains("select[data-facet]") && script.contains("navigator.clipboard.writeText"))
        #expect(manifest.pages.contains { $0.path == "gallery.js" })
        #expect(!script.contains("http"), "no requests anywhere")
    }
}
