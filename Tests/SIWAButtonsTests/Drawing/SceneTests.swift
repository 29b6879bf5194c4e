import Testing
@testable import SIWAButtons
@testable import SIWAModel

@Suite("Vector scene")
struct SceneTests {
    static func scene(_ target: String) throws -> (ButtonScene, ButtonLayout) {
        let spec = try ButtonRequest.parse(target).spec
        let renderer = try TestSupport.renderer()
        return (renderer.scene(spec), renderer.layout(spec))
    }

    @Test("Items back to front: border, face, logo, label; one each")
    func order() throws {
        let (bordered, _) = try Self.scene("/appleid/button?color=white&border=true&width=200&height=32")
        #expect(bordered.items.map(\.role) == [.border, .background, .logo, .label])
        #expect(bordered.items.map(\.fill) == [.black, .white, .black, .black])
        let (black, _) = try Self.scene("/appleid/button?color=black")
        #expect(black.items.map(\.role) == [.background, .logo, .label])
        #expect(black.items.map(\.fill) == [.black, .white, .white])
        let (logo, _) = try Self.scene("/appleid/button/logo?size=44&color=white&border=true")
        #expect(logo.items.map(\.role) == [.border, .background, .logo])
        #expect(black.items.allSatisfy { $0.rule == .nonZero })
    }

    @Test("Shapes are the layout's rounded rects: bounds, and 4 lines + 4 quarter curves")
    func shapes() throws {
        let (scene, layout) = try Self.scene("/appleid/button?color=white&border=true&width=200&height=32&border_radius=25")
        for (item, shape) in zip(scene.items.prefix(2), layout.shapes) {
            #expect(item.path.controlBounds == shape.outline.rect)
            #expect(item.path.segments.count == 10)
            #expect(item.path.contourCount == 1)
        }
        let (square, _) = try Self.scene("/appleid/button?border_radius=0")
        #expect(square.items[0].path.segments.count == 5, "a plain rectangle")
    }

    @Test("The logo fills the layout's ink box, two contours (body and leaf)")
    func logo() throws {
        for target in [
            "/appleid/button?width=250&height=44", "/appleid/button/left?logo-size=large&height=64&width=300",
            "/appleid/button/logo?size=56",
        ] {
            let (scene, layout) = try Self.scene(target)
            let logo = try #require(scene.items(.logo).first)
            #expect(logo.path.contourCount == 2)
            let bounds = try #require(logo.path.controlBounds)
            // Control points of the authored outline reach a little beyond the unit box.
            #expect(abs(bounds.x - layout.logo.x) < 0.02 * layout.logo.width)
            #expect(abs(bounds.maxX - layout.logo.maxX) < 0.04 * layout.logo.width)
            #expect(abs(bounds.y - layout.logo.y) < 1e-9)
            #expect(abs(bounds.maxY - layout.logo.maxY) < 0.03 * layout.logo.height)
        }
    }

    /// The glyph outlines sit in the label's advance box (ink inside it within the side
    /// bearings) and around its baseline: the text is where the painter draws it, in
    /// every script and direction.
    @Test(
        "Label outline lies in the layout's label box",
        arguments: [
            "/appleid/button?width=250&height=44", "/appleid/button?locale=ar_SA&type=continue&width=260&height=44",
            "/appleid/button/left?locale=iw_IL&width=300&height=50", "/appleid/button?locale=th_TH&width=300&height=44",
            "/appleid/button?locale=zh_CN&width=200&height=40", "/appleid/button?locale=ja_JP&type=continue&width=260&height=44",
            "/appleid/button/left?locale=ko_KR&width=280&height=44", "/appleid/button?locale=de_DE&type=sign-up&width=375&height=64",
        ])
    func label(target: String) throws {
        let (scene, layout) = try Self.scene(target)
        let label = try #require(layout.label)
        let outline = try #require(scene.items(.label).first)
        let ink = try #require(outline.path.controlBounds)
        let em = label.fontSize
        #expect(ink.x >= label.x - 0.05 * em && ink.x <= label.x + 0.2 * em, "left \(ink.x) vs \(label.x)")
        #expect(
            ink.maxX <= label.x + label.advance + 0.05 * em && ink.maxX >= label.x + label.advance - 0.2 * em,
            "right \(ink.maxX) vs \(label.x + label.advance)")
        #expect(ink.y >= label.baseline - 1.1 * em && ink.y <= label.baseline - 0.5 * em, "top \(ink.y)")
        #expect(ink.maxY >= label.baseline - 0.05 * em && ink.maxY <= label.baseline + 0.4 * em, "bottom \(ink.maxY)")
        #expect(outline.path.contourCount >= label.text.unicodeScalars.filter { !$0.properties.isWhitespace }.count / 2)
    }

    @Test("--labels: the outline is the replaced title's, laid out as drawn")
    func replacedTitle() throws {
        let spec = try ButtonRequest.parse("/appleid/button?locale=en_US&width=260&height=44").spec
        let renderer = try TestSupport.renderer().with(titles: try TitleTable(overrides: ["en_US": ["sign-in": "Sign on with Apple"]]))
        let standard = try TestSupport.renderer().scene(spec)
        let replaced = renderer.scene(spec)
        let label = try #require(renderer.layout(spec).label)
        #expect(label.text.contains("Sign on"))
        #expect(replaced.items(.label) != standard.items(.label))
        let ink = try #require(replaced.items(.label).first?.path.controlBounds)
        #expect(ink.x >= label.x - 1 && ink.maxX <= label.x + label.advance + 1)
    }

    @Test("RTL: the label is left of the logo; LTR: right of it")
    func direction() throws {
        let (rtl, _) = try Self.scene("/appleid/button?locale=ar_SA&width=260&height=44")
        let (ltr, _) = try Self.scene("/appleid/button?locale=en_US&width=260&height=44")
        func edges(_ scene: ButtonScene) throws -> (logo: Rect, label: Rect) {
            (try #require(scene.items(.logo).first?.path.controlBounds), try #require(scene.items(.label).first?.path.controlBounds))
        }
        let r = try edges(rtl), l = try edges(ltr)
        #expect(r.label.maxX < r.logo.x)
        #expect(l.label.x > l.logo.maxX)
    }
}
