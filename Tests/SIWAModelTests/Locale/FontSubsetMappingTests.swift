import Foundation
import Testing
@testable import SIWAModel

/// `ButtonLocale.fontFamilies` is the one source of which Noto Sans CJK face draws which
/// locale; scripts/subset_fonts.py (which cuts the faces in Fonts/) restates it as
/// `CJK_FACE_BY_LOCALE` and `CJK_FAMILY` because it runs without Swift. This holds the
/// two to each other, so a locale added on one side only fails `swift test`.
@Suite struct FontSubsetMappingTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/subset_fonts.py")

    /// The `"key": "value"` pairs of the Python dictionary literal `name = {...}`.
    static func dictionary(_ name: String, in source: String) throws -> [String: String] {
        let start = try #require(source.range(of: "\n\(name) = {"), "\(name) not in subset_fonts.py")
        let stop = try #require(source.range(of: "}", range: start.upperBound..<source.endIndex))
        let body = source[start.upperBound..<stop.lowerBound]
        let pair = #/"([^"]+)"\s*:\s*"([^"]+)"/#
        return Dictionary(uniqueKeysWithValues: body.matches(of: pair).map { (String($0.1), String($0.2)) })
    }

    @Test("subset_fonts.py maps each CJK locale to the Noto Sans CJK face ButtonLocale draws it with")
    func cjkFacesAgree() throws {
        let source = try String(contentsOf: Self.script, encoding: .utf8)
        let faceByLocale = try Self.dictionary("CJK_FACE_BY_LOCALE", in: source)
        let family = try Self.dictionary("CJK_FAMILY", in: source)
        var swift: [String: String] = [:]
        for locale in ButtonLocale.all {
            if let cjk = locale.fontFamilies.first(where: { $0.hasPrefix("Noto Sans CJK") }) { swift[locale.code] = cjk }
        }
        #expect(swift.count == 5)
        #expect(faceByLocale.mapValues { family[$0] ?? "?\($0)" } == swift)
    }
}
