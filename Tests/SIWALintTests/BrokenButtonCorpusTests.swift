import SIWAButtons
import Testing
@testable import SIWALint

/// Deliberately broken buttons made from our own renders: each raises exactly the
/// finding it was made for, and nothing else.
@Suite("Broken buttons")
struct BrokenButtonCorpusTests {
    static let base = "/appleid/button?width=250&height=44&scale=2"

    @Test("The renders they are made from are clean")
    func sources() throws {
        for target in [Self.base, "/appleid/button?width=300&height=44&scale=2", "/appleid/button/logo?size=44&scale=2"] {
            #expect(try LintTestSupport.imageIDs(LintTestSupport.image(target)) == [], "\(target)")
        }
    }

    @Test("Cropped logo: the leaf cut off")
    func croppedLogo() throws {
        let image = try LintTestSupport.image(Self.base)
        let logo = try #require(try LintTestSupport.lint(image).measurement.logo)
        let face = image.color(2, image.height / 2)
        let cropped = image.editing(x0: logo.x, y0: logo.y, x1: logo.maxX, y1: logo.y + logo.height * 3 / 10) { $0 = face }
        #expect(try LintTestSupport.imageIDs(cropped) == ["logo-proportions"])
    }

    @Test("Coloured title: red instead of white")
    func colouredTitle() throws {
        let image = try LintTestSupport.image(Self.base)
        let title = try #require(try LintTestSupport.lint(image).measurement.title)
        let red = image.editing(x0: title.x, y0: title.y, x1: title.maxX, y1: title.maxY) { p in
            // White ink on black: keep the coverage, change the hue.
            let coverage = Double(p[0]) / 255
            p = [UInt8(255 * coverage), UInt8(59 * coverage), UInt8(48 * coverage), p[3]]
        }
        let result = try LintTestSupport.lint(red)
        #expect(result.report.findings.map(\.rule.id) == ["colors"])
        #expect(result.report.findings.first?.detail.contains("title") == true)
    }

    @Test("Too small: 130 pt wide, which Apple's image service accepts")
    func tooSmall() throws {
        #expect(try LintTestSupport.imageIDs(LintTestSupport.image("/appleid/button?width=130&height=30&scale=2")) == ["min-width"])
    }

    @Test("Logo-only at 2:1")
    func wideLogoOnly() throws {
        let image = try LintTestSupport.image("/appleid/button/logo?size=44&scale=2")
        let wide = image.padded(toWidth: image.width * 2, fill: image.color(image.width / 2, 4))
        #expect(try LintTestSupport.imageIDs(wide) == ["logo-only-aspect"])
    }

    @Test("Title too close to the trailing edge")
    func titleAtTheEdge() throws {
        let image = try LintTestSupport.image("/appleid/button?width=300&height=44&scale=2")
        let title = try #require(try LintTestSupport.lint(image).measurement.title)
        // Cut the button 2% of its new width after the title.
        let cut = image.cropped(x0: 0, y0: 0, x1: Int((Double(title.maxX) / 0.98).rounded()), y1: image.height)
        #expect(try LintTestSupport.imageIDs(cut) == ["right-margin"])
    }

    @Test("Black on black: a black button on a black page")
    func blackOnBlack() throws {
        let image = try LintTestSupport.image(Self.base)
        let page = try LintContext.parse(background: "#000000", beside: nil, margin: nil)
        #expect(try LintTestSupport.imageIDs(image, page) == ["background-contrast"])
    }
}
