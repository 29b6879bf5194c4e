import SIWAButtons
import Testing
@testable import SIWAGenerator

@Suite struct MatrixTests {
    @Test("Default set") func defaultSet() {
        let config = GeneratorConfiguration()
        // center and left: 3 types x 3 styles; logo: 3 styles (no type, no locale).
        #expect(config.variants.count == 3 * 3 + 3 * 3 + 3)
        // PNG at 3 scales + one SVG each.
        #expect(config.assets().count == config.variants.count * 4)
    }

    @Test("Large set of the benchmark") func largeSetOfTheBenchmark() {
        var config = GeneratorConfiguration()
        config.locales = ButtonLocale.all
        let assets = config.assets()
        #expect(config.variants.count == 37 * 3 * 3 * 2 + 3)
        #expect(assets.count == (37 * 3 * 3 * 2 + 3) * 4)
        #expect(Set(assets.map(\.path)).count == assets.count)
    }

    @Test("Logo ignores type and locale and uses the height") func logoIgnoresTypeAndLocaleAndUsesTheHeight() {
        var config = GeneratorConfiguration()
        config.modes = [.logo]
        config.locales = [ButtonLocale(code: "de_DE")!, ButtonLocale(code: "ja_JP")!]
        config.sizes = [
            ButtonSize(width: 200, height: 40), ButtonSize(width: 300, height: 40), ButtonSize(width: 300, height: 56, radius: 50),
        ]
        let logos = config.variants
        #expect(logos.count == 3 * 2)
        #expect(logos.allSatisfy { $0.mode == .logo && $0.width == $0.height })
        #expect(Set(logos.map(\.height)) == [40, 56])
        let queries = logos.map { ButtonRequest(spec: $0).canonicalQuery }
        #expect(queries.allSatisfy { $0.contains("type=") == false && $0.contains("locale=") == false })
    }

    @Test("Scales apply to PNG only") func scalesApplyToPNGOnly() {
        var config = GeneratorConfiguration()
        config.modes = [.center]
        config.types = [.signIn]
        config.styles = [.black]
        config.formats = [.png, .svg, .pdf, .vectorDrawable]
        config.scales = [1, 2, 3]
        let assets = config.assets()
        #expect(
            assets.map(\.path) == [
                "center/sign-in/black/en_US/button.pdf",
                "center/sign-in/black/en_US/button.svg",
                "center/sign-in/black/en_US/button.xml",
                "center/sign-in/black/en_US/button@1x.png",
                "center/sign-in/black/en_US/button@2x.png",
                "center/sign-in/black/en_US/button@3x.png",
            ])
        #expect(assets.filter { $0.format != .png }.allSatisfy { $0.scale == 1 })
        #expect(assets.filter { $0.format == .png }.map(\.scale) == [1, 2, 3])
        // One button in points for every file: the scale is the file's, not the button's.
        #expect(Set(assets.map(\.spec)).count == 1)
    }

    @Test("Styles map to color and border") func stylesMapToColorAndBorder() {
        let spec = { (style: ButtonStyle) in ButtonSize.default.spec(mode: .center, type: .signIn, style: style, locale: .default) }
        #expect(spec(.black).color == .black && !spec(.black).border)
        #expect(spec(.white).color == .white && !spec(.white).border)
        #expect(spec(.whiteOutline).color == .white && spec(.whiteOutline).border)
        for style in ButtonStyle.allCases { #expect(ButtonStyle(spec(style)) == style) }
    }

    @Test("Snippet button is the first of each list") func snippetButtonIsTheFirstOfEachList() {
        var config = GeneratorConfiguration()
        config.modes = [.left, .center]
        config.types = [.continue]
        config.styles = [.whiteOutline, .black]
        config.locales = [ButtonLocale(code: "fr_FR")!]
        let spec = config.snippetButton
        #expect(spec.mode == .left && spec.type == .continue && spec.color == .white && spec.border && spec.locale.code == "fr_FR")
        // The no-JS snippet needs its light and dark PNGs at 1x-3x even if the matrix lacks them.
        config.scales = [2]
        #expect(
            config.snippetAssets.map(\.path) == [
                "left/continue/white-outline/fr_FR/button@1x.png",
                "left/continue/white-outline/fr_FR/button@2x.png",
                "left/continue/white-outline/fr_FR/button@3x.png",
                "left/continue/white/fr_FR/button@1x.png",
                "left/continue/white/fr_FR/button@2x.png",
                "left/continue/white/fr_FR/button@3x.png",
            ])
    }

    /// The default size keeps every English title at the HIG's 43% of the height.
    @Test("Default size fits the English titles") func defaultSizeFitsTheEnglishTitles() throws {
        let renderer = try ButtonRenderer.shared()
        for type in ButtonSpec.Kind.allCases {
            let spec = ButtonSize.default.spec(mode: .center, type: type, style: .black, locale: .default)
            let font = try #require(renderer.layout(spec).label).fontSize
            #expect(abs(font - 0.5 * 44 / 14 * 12) < 0.001, "\(type): font \(font)")
        }
    }
}

@Suite struct NamingTests {
    let naming = AssetNaming()
    let sized = AssetNaming(includesSize: true)

    @Test("Paths of the issue") func pathsOfTheIssue() {
        var spec = ButtonSpec(mode: .center, type: .signIn, color: .black)
        #expect(naming.path(for: spec, format: .png, scale: 2) == "center/sign-in/black/en_US/button@2x.png")
        #expect(naming.path(for: spec, format: .svg, scale: 1) == "center/sign-in/black/en_US/button.svg")
        spec = ButtonSpec(mode: .left, type: .continue, color: .white, border: true, locale: ButtonLocale(code: "iw_IL")!)
        #expect(naming.path(for: spec, format: .png, scale: 3) == "left/continue/white-outline/iw_IL/button@3x.png")
        spec = ButtonSpec(mode: .logo, color: .white, size: 44)
        #expect(naming.path(for: spec, format: .pdf, scale: 1) == "logo/white/button.pdf")
        #expect(naming.path(for: spec, format: .vectorDrawable, scale: 1) == "logo/white/button.xml")
    }

    @Test("Size joins the name when there are several") func sizeJoinsTheNameWhenThereAreSeveral() {
        let spec = ButtonSpec(mode: .center, type: .signUp, width: 300, height: 56)
        #expect(sized.path(for: spec, format: .png, scale: 2) == "center/sign-up/black/en_US/button-300x56@2x.png")
        let round = ButtonSpec(mode: .center, borderRadius: 50, width: 300, height: 56)
        #expect(sized.path(for: round, format: .svg, scale: 1) == "center/sign-in/black/en_US/button-300x56r50.svg")
        let logo = ButtonSpec(mode: .logo, borderRadius: 50, size: 44)
        #expect(sized.path(for: logo, format: .png, scale: 3) == "logo/black/button-44r50@3x.png")
        var config = GeneratorConfiguration()
        #expect(AssetNaming(config).includesSize == false)
        config.sizes.append(ButtonSize(width: 300, height: 56))
        #expect(AssetNaming(config).includesSize == true)
    }

    @Test("Every path is one the cleanup accepts") func everyPathIsOneTheCleanupAccepts() {
        var config = GeneratorConfiguration()
        config.locales = ButtonLocale.all
        config.sizes = [ButtonSize.default, ButtonSize(width: 300, height: 56, radius: 50)]
        config.formats = [.png, .svg, .pdf, .vectorDrawable]
        #expect(config.assets().allSatisfy { OutputFolder.isGeneratedPath($0.path) })
        for bad in ["../etc/passwd", "/etc/passwd", "a/../../b", "a//b", "", "a/./b", "a b.png", "a/b\\c"] {
            #expect(!OutputFolder.isGeneratedPath(bad), "\(bad)")
        }
    }
}
