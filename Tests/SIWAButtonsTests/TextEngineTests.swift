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
                let spec = try ButtonRequest.parse("\(endpoint)?type=\(type.rawValue)&locale=\(locale.code)&width=300&height=50&scale=2").spec
                for format in [OutputFormat.png, .svg] {
                    #expect(try own.render(spec, format: format) == full.render(spec, format: format),
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
