import Foundation
import Testing
@testable import SIWAButtons

@Suite struct TextEngineTests {
    @Test("Only the CJK characters are scaled (UTF-8 byte ranges), not \"Apple\" or the spaces")
    func cjkRuns() {
        #expect(TextEngine.cjkRuns("通过\u{2006}Apple\u{2006}登录") == [0..<6, 17..<23])
        #expect(TextEngine.cjkRuns("Apple로 로그인") == [5..<8, 9..<18])
    }
}

/// `render` loads only the fonts of the request's locale: every locale's buttons must be
/// the bytes the full library draws.
@Suite struct FontSubsetTests {
    @Test("Each locale's own fonts draw the same bytes as all fonts", arguments: ButtonLocale.all)
    func localeFontsSuffice(locale: ButtonLocale) throws {
        let full = try ButtonRenderer.shared()
        let own = ButtonRenderer(fonts: try FontLibrary(families: locale.fontFamilies))
        #expect(own.fonts.files.count < full.fonts.files.count)
        for endpoint in ["/appleid/button", "/appleid/button/left"] {
            for type in ButtonSpec.Kind.allCases {
                let spec = try ButtonRequest.parse("\(endpoint)?type=\(type.rawValue)&locale=\(locale.code)&width=300&height=50&scale=2")
                    .spec
                for format in [OutputFormat.png, .svg] {
                    #expect(
                        try own.render(spec, format: format, scale: 1) == full.render(spec, format: format, scale: 1),
                        "\(locale) \(endpoint) \(type) \(format)")
                }
            }
        }
    }

    @Test("Pinned files are matched to their families by name; an unknown family loads every file")
    func familyFiles() throws {
        #expect(FontLibrary.file(URL(fileURLWithPath: "/f/NotoSansCJKsc-Medium.otf"), holds: "Noto Sans CJK SC"))
        #expect(!FontLibrary.file(URL(fileURLWithPath: "/f/NotoSansCJKtc-Medium.otf"), holds: "Noto Sans CJK SC"))
        #expect(FontLibrary.file(URL(fileURLWithPath: "/f/Inter-Medium.otf"), holds: "Inter"))
        let all = try FontLibrary()
        #expect(try FontLibrary(families: ["Inter"]).files.map(\.lastPathComponent) == ["Inter-Medium.otf"])
        #expect(try FontLibrary(families: ["Inter", "No Such Family"]).files == all.files)
    }
}

/// A font Cairo cannot create (its file gone, FreeType failing, no descriptors left) is
/// drawn by Pango as nothing: the render must fail rather than return a button without
/// its title.
@Suite(.serialized) struct FontFailureTests {
    /// A library over a copy of Inter in a folder of its own, and that folder.
    private static func library() throws -> (FontLibrary, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inter = FontLibrary.defaultDirectory().appendingPathComponent("Inter-Medium.otf")
        try FileManager.default.copyItem(at: inter, to: folder.appendingPathComponent("Inter-Medium.otf"))
        return (try FontLibrary(directory: folder), folder)
    }

    private static let spec = ButtonSpec(type: .continue, locale: ButtonLocale(code: "en_US")!)

    @Test(
        "A font that cannot be opened fails the render, in every format, and the engine is retired",
        arguments: OutputFormat.allCases)
    func missingFont(format: OutputFormat) throws {
        let (fonts, folder) = try Self.library()
        try FileManager.default.removeItem(at: folder)
        let renderer = ButtonRenderer(fonts: fonts)
        #expect(throws: RenderError.self) { try renderer.render(Self.spec, format: format, scale: 1) }
        #expect(renderer.retiredTextEngines == 1)
    }

    @Test(
        "A title shaped with glyphs no font has (a fonts folder without the locale's font) fails the render",
        arguments: [OutputFormat.png, .svg, .vectorDrawable])
    func unshapedTitle(format: OutputFormat) throws {
        // Inter alone has no kana: Pango would draw boxes, and a HarfBuzz face read from a
        // file it could not open shapes like this too.
        let (interOnly, _) = try Self.library()
        let japanese = ButtonSpec(type: .signIn, locale: ButtonLocale(code: "ja_JP")!)
        #expect(throws: RenderError.self) { try ButtonRenderer(fonts: interOnly).render(japanese, format: format, scale: 1) }
        #expect(try ButtonRenderer(fonts: interOnly).render(Self.spec, format: format, scale: 1).isEmpty == false)
    }
}
