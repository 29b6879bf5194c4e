import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

/// Our own renders, committed as small PNGs: any change to layout, fonts or drawing
/// shows up here. After an intended change, refresh them with
/// `SIWA_UPDATE_GOLDEN=1 swift test --filter GoldenImageTests` and look at the new files.
@Suite("Golden images")
struct GoldenImageTests {
    static let cases: [(name: String, target: String)] = [
        ("center-white-border-de_DE", "/appleid/button?color=white&border=true&locale=de_DE&width=273&height=38&border_radius=50"),
        ("center-black-continue-ja_JP", "/appleid/button?type=continue&locale=ja_JP&width=220&height=44"),
        ("center-white-th_TH", "/appleid/button?color=white&locale=th_TH&width=240&height=44"),
        ("left-black-signup-ar_SA", "/appleid/button/left?type=sign-up&locale=ar_SA&width=260&height=44&logo-size=medium"),
        ("left-white-iw_IL", "/appleid/button/left?color=white&border=true&locale=iw_IL&width=240&height=40"),
        ("center-black-zh_CN-2x", "/appleid/button?locale=zh_CN&width=160&height=36&scale=2"),
        ("logo-black-circle", "/appleid/button/logo?size=44&border_radius=50&scale=2"),
    ]

    @Test("Renders match the committed goldens", arguments: cases.map(\.name))
    func golden(name: String) throws {
        let target = Self.cases.first { $0.name == name }!.target
        let bytes = try TestSupport.render(target)
        let file = TestSupport.goldens.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["SIWA_UPDATE_GOLDEN"] == "1" {
            try Data(bytes).write(to: file)
            return
        }
        try #require(FileManager.default.fileExists(atPath: file.path), "missing golden \(file.lastPathComponent)")
        let expected = try Bitmap(png: file)
        let actual = try Bitmap(png: bytes)
        try #require(actual.width == expected.width && actual.height == expected.height, "\(name): size changed")
        // Pinned fonts and unhinted outlines: identical on every machine with the same
        // Cairo/Pango; allow a little anti-aliasing drift across library versions.
        #expect(actual.maxDifference(expected) <= 8, "\(name) differs from its golden")
    }
}
