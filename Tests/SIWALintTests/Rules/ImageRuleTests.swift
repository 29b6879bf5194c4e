import SIWAButtons
import Testing
@testable import SIWALint

/// Each rule an image can break: an image that passes it and one that breaks it.
@Suite("Rules on images")
struct ImageRuleTests {
    static let base = "/appleid/button?width=250&height=44&scale=2"

    private func ids(_ image: RasterImage, background: String? = nil, beside: String? = nil, margin: String? = nil) throws -> [String] {
        try LintTestSupport.imageIDs(image, LintContext.parse(background: background, beside: beside, margin: margin))
    }

    @Test("min-width and min-height: 140 x 30 pt pass; narrower or lower fail")
    func minimumSize() throws {
        #expect(try ids(LintTestSupport.image("/appleid/button?width=140&height=30&scale=2")) == [])
        #expect(try ids(LintTestSupport.image("/appleid/button?width=130&height=30&scale=2")) == ["min-width"])
        // 300 x 56 px read as @2x: 150 x 28 pt.
        #expect(try ids(LintTestSupport.image("/appleid/button?width=300&height=56&scale=1", scale: 2)) == ["min-height"])
    }

    @Test("background-contrast and outline-on-dark: each style on its own pages passes")
    func pages() throws {
        let black = try LintTestSupport.image(Self.base)
        let white = try LintTestSupport.image(Self.base + "&color=white")
        let outline = try LintTestSupport.image(Self.base + "&color=white&border=true")
        #expect(try ids(black, background: "#ffffff") == [])
        #expect(try ids(black, background: "#ffffff,#111111") == ["background-contrast"])
        #expect(try ids(white, background: "#000000") == [])
        #expect(try ids(white, background: "#fafafa") == ["background-contrast"])
        #expect(try ids(outline, background: "#ffffff") == [])
        #expect(try ids(outline, background: "#ffffff,#000000") == ["outline-on-dark"])
        // The outline is found at every scale, down to the logo-only button's 0.56 pt stroke at 1x.
        for target in [
            "/appleid/button?color=white&border=true", "/appleid/button/left?color=white&border=true&width=200",
            "/appleid/button/logo?color=white&border=true&size=30", Self.base + "&color=white&border=true",
        ] {
            #expect(try LintTestSupport.lint(LintTestSupport.image(target)).measurement.style == .whiteOutline, "\(target)")
            #expect(try ids(LintTestSupport.image(target), background: "#ffffff") == [], "\(target)")
        }
    }

    @Test("colors: a grey face fails")
    func colors() throws {
        let image = try LintTestSupport.image(Self.base)
        #expect(try ids(image) == [])
        let grey = image.editing(x0: 0, y0: 0, x1: image.width, y1: image.height) { p in
            if p[3] == 255 && p[0] < 40 { p = [60, 60, 60, 255] }
        }
        #expect(try ids(grey) == ["colors"])
        // A near-black face (iOS's dark grey) is a custom colour too, and so is a grey title.
        let nearBlack = image.editing(x0: 0, y0: 0, x1: image.width, y1: image.height) { p in
            if p[3] == 255 && p[0] < 20 { p = [0x1c, 0x1c, 0x1e, 255] }
        }
        #expect(try ids(nearBlack) == ["colors"])
        let greyTitle = image.editing(x0: 0, y0: 0, x1: image.width, y1: image.height) { p in
            p = [p[0] / 3 * 2, p[1] / 3 * 2, p[2] / 3 * 2, p[3]]
        }
        #expect(
            try LintTestSupport.lint(greyTitle).report.findings.map(\.detail)
                == ["the logo is #a9a9a9 on a #000000 face, not white", "the title is #a9a9a9 on a #000000 face, not white"])
        // Nothing drawn on the face: no logo, no title.
        let blank = image.editing(x0: 0, y0: 0, x1: image.width, y1: image.height) { p in if p[3] == 255 { p = [0, 0, 0, 255] } }
        #expect(try ids(blank) == ["colors"])
    }

    @Test("clear-space and prominence: from the page around the image")
    func context() throws {
        let image = try LintTestSupport.image(Self.base)
        #expect(try ids(image, beside: "250x44", margin: "4.4") == [])
        #expect(try ids(image, margin: "3") == ["clear-space"])
        #expect(try ids(image, beside: "280x44") == ["prominence"])
    }

    @Test("title-size: a title at 43% passes; the same title on a lower button fails")
    func titleSize() throws {
        let image = try LintTestSupport.image(Self.base)
        #expect(try ids(image) == [])
        // 88 -> 60 px tall: the title is now 63% of the height.
        let low = image.cropped(x0: 0, y0: 14, x1: image.width, y1: 74)
        #expect(try ids(low) == ["title-size"])
    }

    @Test("vertical-alignment: content moved up a quarter of the height fails")
    func verticalAlignment() throws {
        let image = try LintTestSupport.image(Self.base)
        let raised = image.shiftedUp(image.height / 4, within: 20, image.width - 20)
        #expect(try ids(raised) == ["vertical-alignment", "vertical-alignment"])
    }

    @Test("logo-proportions: a logo stretched to twice its width fails")
    func logoProportions() throws {
        let image = try LintTestSupport.image(Self.base)
        let logo = try #require(try LintTestSupport.lint(image).measurement.logo)
        let stretched = image.editing(x0: logo.x, y0: logo.y, x1: logo.x + 2 * logo.width, y1: logo.maxY) { _ in }
        var rgba = stretched.rgba
        for y in logo.y..<logo.maxY {
            for x in logo.x..<(logo.x + 2 * logo.width) {
                let from = image.color(logo.x + (x - logo.x) / 2, y)
                rgba.replaceSubrange((y * image.width + x) * 4..<(y * image.width + x) * 4 + 4, with: from)
            }
        }
        #expect(try ids(RasterImage(width: image.width, height: image.height, scale: 2, rgba: rgba)) == ["logo-proportions"])
    }

    @Test("logo-only-aspect and logo-only-margin: square with room passes; a tight crop fails")
    func logoOnly() throws {
        let image = try LintTestSupport.image("/appleid/button/logo?size=64&scale=2")
        #expect(try ids(image) == [])
        let logo = try #require(try LintTestSupport.lint(image).measurement.logo)
        // A square just around the logo: 2 px of margin, far below a tenth of the side.
        let side = logo.height + 4, x0 = logo.x + logo.width / 2 - side / 2
        let tight = image.cropped(x0: x0, y0: logo.y - 2, x1: x0 + side, y1: logo.y - 2 + side)
        #expect(try ids(tight).contains("logo-only-margin"))
    }

    @Test("right-margin: Apple's 8% passes")
    func rightMargin() throws {
        // The narrowest button with the longest en_US title: the layout keeps 8%.
        #expect(try ids(LintTestSupport.image("/appleid/button?width=140&height=30&type=continue&scale=3")) == [])
    }
}
