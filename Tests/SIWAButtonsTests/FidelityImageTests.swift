import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

/// The rules of ../shared/spec/apple-button.md §3b (measured on Apple's own web
/// client), checked on our rendered pixels.
@Suite("Apple's web client rules, on our pixels")
struct FidelityImageTests {
    @Test(
        "Bordered centre: outer radius r%(H-2) + 0.5 pt, 0.5 pt ring, 1 pt stroke",
        .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func borderedCentreRadius() throws {
        let target = "/appleid/button?color=white&border=true&width=200&height=40&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("border-centre.png", try TestSupport.render(target)))
        #expect(m.ring == 1 && m.border == 2)
        #expect(abs(m.radius - (0.15 * 38 + 0.5) * 2) <= 0.5, "radius \(m.radius) px")  // 12.4 px; 11.0 before
    }

    @Test(
        "Bordered left: no ring, 0.5 pt of stroke at the very edge",
        .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func borderedLeftEdge() throws {
        let target = "/appleid/button/left?color=white&border=true&width=240&height=40&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("border-left.png", try TestSupport.render(target)))
        #expect(m.ring == 0 && m.border == 1)
        let bitmap = try Bitmap(png: try TestSupport.render(target))
        let edge = bitmap.topEdge(column: bitmap.width / 2)
        #expect(abs(edge.clear) < 0.01 && abs(edge.black - 1) < 0.05, "\(edge)")
    }

    @Test("Bordered logo-only: stroke S/50 pt", arguments: [30, 64])
    func borderedLogoStroke(size: Int) throws {
        let scale = 4.0
        let bitmap = try Bitmap(png: try TestSupport.render("/appleid/button/logo?color=white&border=true&size=\(size)&scale=4"))
        let edge = bitmap.topEdge(column: bitmap.width / 2)
        let stroke = Double(size) / 50
        // Cairo samples a pixel's coverage on 15 rows: each edge within 1/30 px.
        #expect(abs(edge.black - stroke * scale) < 0.07, "\(edge)")
        #expect(abs(edge.clear - (1 - stroke / 2) * scale) < 0.04, "\(edge)")
    }

    /// Apple's centred Latin runs, from the logo's ink to the title's, in px at @2x
    /// (sub-pixel, from column ink sums): ours were 1.7-2.7 px wider.
    @Test(
        "Centred Latin titles: the run's ink spans Apple's within 1 px at @2x",
        .enabled(if: TestSupport.hasShared, "../shared is absent: Apple reference comparison skipped"),
        arguments: [
            ("I02_center_black_signin_en_200x32_s2.png", "/appleid/button?color=black&type=sign-in&width=200&height=32&scale=2"),
            (
                "I08_center_white_signup_en_200x32_s2.png",
                "/appleid/button?color=white&type=sign-up&width=200&height=32&scale=2&border_radius=23"
            ),
            (
                "I11_center_white_border_signin_deDE_273x38_s2_pill.png",
                "/appleid/button?color=white&border=true&locale=de_DE&width=273&height=38&scale=2&border_radius=50"
            ),
        ])
    func centredLatinRun(file: String, target: String) throws {
        let apple = try Bitmap(png: TestSupport.references.appendingPathComponent(file)).inkSpan()
        let ours = try Bitmap(png: try TestSupport.render(target)).inkSpan()
        #expect(
            abs((ours.upperBound - ours.lowerBound) - (apple.upperBound - apple.lowerBound)) <= 1,
            "ours \(ours), Apple's \(apple)")
    }

    @Test(
        "zh_CN: the centred run at 375x64 is Apple's 93.92 x 12.125 box within 2%",
        .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func chineseCentreRun() throws {
        let target = "/appleid/button?locale=zh_CN&width=375&height=64&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("zh-centre.png", try TestSupport.render(target)))
        let logo = try #require(m.logo), label = try #require(m.label)
        // Height limits: s = 32 / 12.125, font 12 s. The logo's ink starts 0.126 em into
        // the run, and the run is centred, so the logo's left edge gives the run width.
        let s = 32 / 12.125, font = 12 * s
        let runX = Double(logo[0]) / 2 - LogoGlyph.inkLeft * font
        let runWidth = 375 - 2 * runX
        let apple = 93.921875 * s
        #expect(abs(runWidth / apple - 1) < 0.02, "run \(runWidth) pt, Apple's \(apple) pt")  // ours was 9% wider
        #expect(Double(label[2]) / 2 <= 375 - runX + 0.5, "label ink ends past the run")
    }
}

@Suite("Japanese kana, proportionally spaced as Apple sets them")
struct JapaneseKanaTests {
    /// Apple's image service, `color=white&border=true&type=sign-in&locale=ja_JP&width=200
    /// &height=32&scale=2` (spec §3c): logo ink from x 91, title ink x 118-311, the kana
    /// インイン starting at x 234, 254, 273, 293. Full-width kana put the logo at 77 and
    /// the title at 106-325.
    @Test(
        "ja_JP 200x32 @2x: logo and title ink where Apple's are, within 2 px",
        .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func appleSignIn() throws {
        let target = "/appleid/button?color=white&border=true&type=sign-in&locale=ja_JP&width=200&height=32&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("ja-centre.png", try TestSupport.render(target)))
        let logo = try #require(m.logo), label = try #require(m.label)
        #expect(abs(logo[0] - 91) <= 2, "logo ink from \(logo[0])")
        #expect(abs(label[0] - 118) <= 2 && abs(label[2] - 311) <= 2, "title ink \(label[0])-\(label[2])")
    }

    /// Two kana pitches (イ then ン) at font size F: Apple's 293 - 254 = 39 px at F = 27.43
    /// px (0.4286 x 32 pt at scale 2). Full-width kana at 0.887 em would give 1.774 F.
    @Test("ja_JP: the pitch of イン is Apple's 1.422 em within 2%")
    func kanaPitch() throws {
        let engine = TextEngine(fonts: try TestSupport.renderer().fonts)
        let ja = try #require(ButtonLocale(code: "ja_JP"))
        let title = ja.typeset(ja.title(.signIn))
        let pitch =
            (engine.advance(of: title + "イン", style: ja.textStyle, fontSize: 12)
                - engine.advance(of: title, style: ja.textStyle, fontSize: 12)) / 12
        let apple = 39 / (12 * (0.5 * 32 / 14) * 2)  // px over the font size at scale 2
        #expect(abs(pitch / apple - 1) < 0.02, "pitch \(pitch) em, Apple's \(apple) em")
    }
}

@Suite("Chinese run widths against Apple's JS boxes")
struct ChineseRunTests {
    /// Apple's JS (zh_CN 1.5.6): the centre run (logo, U+2005, title) at 12 px is
    /// 93.921875 wide; the left title alone at 13 px is 86.71875.
    @Test("zh_CN, zh_HK, zh_TW boxes within 2% of Apple's", arguments: ["zh_CN", "zh_HK", "zh_TW"])
    func boxes(code: String) throws {
        let engine = TextEngine(fonts: try TestSupport.renderer().fonts)
        let locale = try #require(ButtonLocale(code: code))
        let text = locale.typeset(locale.title(.signIn))
        let centre = (LogoGlyph.advance + LogoGlyph.space) * 12 + engine.advance(of: text, style: locale.textStyle, fontSize: 12)
        let left = engine.advance(of: text, style: locale.textStyle, fontSize: 13)
        #expect(abs(centre / 93.921875 - 1) < 0.02, "centre box \(centre)")
        #expect(abs(left / 86.71875 - 1) < 0.02, "left box \(left)")
    }
}

extension Bitmap {
    /// First and last column holding opaque white ink (a black button's logo and label).
    func inkColumns() -> ClosedRange<Int> {
        var first = width, last = 0
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] == 0xFFFF_FFFF {
                first = min(first, x); last = max(last, x)
            }
        }
        return first...last
    }

    /// Sub-pixel left and right ends of the logo-and-title ink (away from the edges and
    /// the border): where the column sums of ink reach 0.5% and 99.5% of their total.
    func inkSpan() -> ClosedRange<Double> {
        let margin = height / 4
        let whiteFace = pixels[height / 2 * width + margin] == 0xFFFF_FFFF
        var ink = [Double](repeating: 0, count: width)
        for y in margin..<(height - margin) {
            for x in margin..<(width - margin) {
                let p = pixels[y * width + x]
                let alpha = Double((p >> 24) & 0xFF) / 255, white = Double((p >> 16) & 0xFF) / 255  // premultiplied
                ink[x] += whiteFace ? alpha - white : white
            }
        }
        let total = ink.reduce(0, +)
        func position(_ share: Double) -> Double {
            var sum = 0.0
            for (x, v) in ink.enumerated() where v > 0 {
                if sum + v >= share * total { return Double(x) + (share * total - sum) / v }
                sum += v
            }
            return Double(width)
        }
        return position(0.005)...position(0.995)
    }

    /// Coverage from the top edge down one column, in pixels, until the first opaque
    /// white pixel: how much is transparent and how much is black ink.
    func topEdge(column x: Int) -> (clear: Double, black: Double) {
        var clear = 0.0, black = 0.0
        for y in 0..<height {
            let p = pixels[y * width + x]
            let alpha = Double((p >> 24) & 0xFF) / 255, white = Double((p >> 16) & 0xFF) / 255  // premultiplied
            if alpha == 1 && white == 1 { break }
            clear += 1 - alpha
            black += alpha - white
        }
        return (clear, black)
    }
}

@Suite("A user's font without a space (--font)")
struct UserFontSpaceTests {
    static let noSpace = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/NoSpace.otf")

    @Test("Only the pinned Inter gets the centred Latin tracking correction: not Cyrillic, not a user's font")
    func centredTrackingCorrection() throws {
        let pinned = TextEngine(fonts: try TestSupport.renderer().fonts)
        let user = TextEngine(fonts: try FontLibrary(userFont: Self.noSpace))
        let style = { (code: String) in ButtonLocale(code: code)!.textStyle }
        #expect(pinned.centredTrackingCorrection(style: style("en_US")) == -0.004)
        #expect(pinned.centredTrackingCorrection(style: style("de_DE")) == -0.004)
        #expect(pinned.centredTrackingCorrection(style: style("ru_RU")) == 0)
        #expect(pinned.centredTrackingCorrection(style: style("ja_JP")) == 0)
        #expect(user.centredTrackingCorrection(style: style("en_US")) == 0)
    }

    @Test("Spaces take the pinned fonts' width, not the user font's missing-glyph box")
    func spacesFallBack() throws {
        let fonts = try FontLibrary(userFont: Self.noSpace)
        #expect(fonts.userFamily == "SIWA No Space Test")
        #expect(fonts.userFontLacks(" ") && !fonts.userFontLacks("A"))
        let engine = TextEngine(fonts: fonts), pinned = TextEngine(fonts: try TestSupport.renderer().fonts)
        let en = ButtonLocale.default
        func width(_ e: TextEngine, _ text: String) -> Double { e.advance(of: text, style: en.textStyle, fontSize: 12) / 12 }
        let space = width(engine, "Sign in") - width(engine, "Sign") - width(engine, "in")
        let pinnedSpace = width(pinned, "Sign in") - width(pinned, "Sign") - width(pinned, "in")
        #expect(abs(space - pinnedSpace) < 0.001, "space \(space) em, pinned \(pinnedSpace) em")
        // Drawn: the ink of the centred run spans what the pinned fonts' does (it was
        // 8.5% wider, drawn with the missing glyph's width).
        let target = "/appleid/button?width=375&height=64&scale=2"
        let spec = try ButtonRequest.parse(target).spec
        let ours = try Bitmap(png: try ButtonRenderer(fonts: fonts).render(spec, format: .png, scale: 2)).inkColumns()
        let reference = try Bitmap(png: try TestSupport.render(target)).inkColumns()
        let ratio = Double(ours.upperBound - ours.lowerBound) / Double(reference.upperBound - reference.lowerBound)
        #expect(abs(ratio - 1) < 0.02, "ink \(ours) vs \(reference)")
    }
}
