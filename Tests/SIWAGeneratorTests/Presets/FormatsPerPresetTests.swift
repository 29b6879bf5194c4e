import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// `--formats` with presets is the union: each preset takes the formats it holds, and
/// `best` gives each its best vector with its rasters.
@Suite struct FormatsPerPresetTests {
    static func overrides(_ formats: String, presets: String) throws -> GeneratorConfiguration {
        var o = ConfigurationOverrides()
        try o.setList(.formats, ConfigurationOverrides.commaList(formats, flag: "--formats"))
        try o.setList(.presets, ConfigurationOverrides.commaList(presets, flag: "--presets"))
        var config = GeneratorConfiguration()
        o.apply(to: &config)
        return config
    }

    @Test("Each preset takes what it holds") func eachPresetTakesWhatItHolds() throws {
        let config = try Self.overrides("png,pdf,svg,vectordrawable", presets: "ios,android,web")
        try config.checkPresets()
        #expect(config.formats(for: .ios) == [.pdf])  // an imageset holds PNGs or one PDF: the vector
        #expect(config.formats(for: .android) == [.png, .vectorDrawable])
        #expect(config.formats(for: .web) == [.png, .pdf, .svg])
        #expect(config.formatsByPreset == "ios: pdf; android: png, vectordrawable; web: png, pdf, svg")
        let png = try Self.overrides("png", presets: "ios,flutter")
        #expect(png.formats(for: .ios) == [.png] && png.formats(for: .flutter) == [.png])
    }

    @Test("--formats best gives each preset its best formats") func best() throws {
        let config = try Self.overrides("best", presets: "web,ios,android,flutter,react-native,email")
        #expect(config.formatsBest)
        #expect(
            config.formatsByPreset == "web: png, webp, svg; ios: pdf; android: png, vectordrawable; "
                + "flutter: png; react-native: png; email: png")
        // Without presets: the web layout's best.
        var o = ConfigurationOverrides()
        try o.setList(.formats, ConfigurationOverrides.commaList("best", flag: "--formats"))
        var plain = GeneratorConfiguration()
        o.apply(to: &plain)
        try plain.checkPresets()
        #expect(plain.webFormats == [.png, .webp, .svg] && plain.assets().contains { $0.format == .webp })
        // `best` stands alone; a later plain list replaces it.
        #expect(throws: ConfigurationError.self) { try Self.overrides("best,png", presets: "ios") }
        var file = GeneratorConfiguration()
        try ConfigurationFile.parse("formats: best\npresets: [ios]\n").apply(to: &file)
        #expect(file.formats(for: .ios) == [.pdf])
        o = ConfigurationOverrides()
        try o.setList(.formats, ConfigurationOverrides.commaList("png", flag: "--formats"))
        o.apply(to: &file)
        #expect(!file.formatsBest && file.formats(for: .ios) == [.png])
    }

    /// Generated: each preset holds exactly its formats, read back from manifest.json.
    @Test("Generated set holds each preset's formats") func generatedSetHoldsEachPresetsFormats() throws {
        var config = try Self.overrides("best", presets: "web,ios,android,flutter,react-native,email")
        config.modes = [.center]
        config.types = [.signIn]
        config.styles = [.black]
        config.locales = [ButtonLocale(code: "en_US")!, ButtonLocale(code: "de_DE")!]
        config.web.clientId = "com.example.web"
        config.web.redirectURI = "https://example.com/auth/apple"
        try config.checkPresets()
        let folder = try TemporaryFolder()
        let report = try generator(config).generate(into: folder.url)
        #expect(Generator.fileCount(config, snippets: true) == folder.files().count)
        let manifest = try Manifest.decode(folder.bytes("manifest.json"))
        #expect(manifest.files.count == report.manifest.files.count)
        var held: [String: Set<String>] = [:]
        for file in manifest.files { held[file.preset ?? "?", default: []].insert(file.format) }
        #expect(
            held == [
                "web": ["png", "webp", "svg"], "ios": ["pdf"], "android": ["png", "vectordrawable"],
                "flutter": ["png"], "react-native": ["png"], "email": ["png"],
            ])
    }

    @Test("Unknown format mentions best") func unknownFormatMentionsBest() {
        #expect(
            throws: ConfigurationError(
                field: "--formats",
                "unknown format 'gif': expected 'png', 'webp', 'svg', 'pdf' or "
                    + "'vectordrawable', or 'best' alone", source: .formats)
        ) {
            try Self.overrides("gif", presets: "ios")
        }
    }
}
