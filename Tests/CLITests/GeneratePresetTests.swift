import Foundation
import SharedTestSupport
import Testing

/// `generate --presets` and `--naming` from the command line: bad input is a usage
/// error naming the option (status 64, one line) and leaves the output folder as it was.
@Suite struct GeneratePresetTests {
    /// A previous set in `dist/`, byte for byte as it must stay.
    private func previousSet(_ tmp: TemporaryFolder) throws -> [String: [UInt8]] {
        let result = try Executable.siwa([
            "generate", "--out", tmp("dist").path, "--modes", "logo", "--styles", "black",
            "--scales", "1", "--formats", "png",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return Dictionary(uniqueKeysWithValues: tmp.files().map { ($0, tmp.bytes($0)) })
    }

    @Test("Unknown presets, formats a preset cannot hold, e-mail without its link, a wrong naming, strings or imagesets")
    func badInput() throws {
        let tmp = try TemporaryFolder()
        let before = try previousSet(tmp)
        let cases: [([String], String)] = [
            (
                ["--presets", "android,windows"],
                "Error: --presets: unknown preset 'windows': expected 'web', 'ios', 'android', 'flutter', 'react-native' or 'email'"
            ),
            (
                ["--preset", "email", "--formats", "png,svg", "--client-id", "com.example.web", "--redirect-uri", "https://example.com/a"],
                "Error: --formats: no chosen preset (email) holds 'svg': web does"
            ),
            (["--presets", "android", "--formats", "png,pdf"], "Error: --formats: no chosen preset (android) holds 'pdf': web, ios do"),
            (["--presets", "ios,web", "--formats", "svg"], "Error: --formats: preset 'ios' holds none of svg: it holds png, pdf"),
            (["--formats", "vectordrawable"], "Error: --formats: the web layout (no --presets) cannot hold 'vectordrawable'"),
            (["--presets", "email"], "Error: --presets: 'email' needs --client-id and --redirect-uri"),
            (["--naming", "sideways"], "Error: --naming: unknown naming 'sideways': expected 'nested' or 'flat'"),
            (
                ["--presets", "ios", "--strings", "xcstrings,po"],
                "Error: --strings: unknown strings format 'po': expected 'xcstrings', 'android', 'arb' or 'json', or 'all' alone"
            ),
            (
                ["--presets", "web,android", "--strings", "xcstrings"],
                "Error: --strings: no chosen preset (web, android) holds 'xcstrings': ios does"
            ),
            (
                ["--presets", "ios", "--ios-imagesets", "flat"],
                "Error: --ios-imagesets: unknown imageset naming 'flat': expected 'localized' or 'per-locale'"
            ),
        ]
        for (arguments, message) in cases {
            try GenerateUsageTests.expectUsage(message, ["--out", "dist"] + arguments, in: tmp)
            #expect(Dictionary(uniqueKeysWithValues: tmp.files().map { ($0, tmp.bytes($0)) }) == before, "\(arguments)")
        }
        try "presets: [ios, tvos]\n".write(to: tmp("bad.yml"), atomically: true, encoding: .utf8)
        try GenerateUsageTests.expectUsage(
            "bad.yml:1:16: presets[1]: unknown preset 'tvos'", ["--out", "dist", "--config", "bad.yml"], in: tmp)
        #expect(tmp.files().filter { $0.hasPrefix("dist/") } == before.keys.sorted())
    }

    @Test("--formats is the union over the presets; the summary says what each took")
    func formatsPerPreset() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa([
            "generate", "--out", tmp("packs").path, "--presets", "ios,android,web",
            "--formats", "png,pdf,svg,vectordrawable", "--modes", "center", "--types", "sign-in",
            "--styles", "black", "--scales", "1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = String(decoding: result.stdout, as: UTF8.self)
        #expect(summary.contains("Formats per preset: ios: pdf; android: png, vectordrawable; web: png, pdf, svg.\n"), "\(summary)")
        let files = tmp.files()
        #expect(files.contains("packs/ios/Buttons.xcassets/siwa-sign-in-black.imageset/siwa-sign-in-black-en_US.pdf"))
        #expect(files.contains("packs/android/res/drawable-anydpi-v21/siwa_sign_in_black_en_us.xml"))
        #expect(files.contains("packs/web/center/sign-in/black/en_US/button.svg"))
        #expect(!files.contains { $0.hasPrefix("packs/ios/") && $0.hasSuffix(".png") })
    }

    @Test("--max-files counts preset files exactly")
    func maxFilesCountsPresets() throws {
        let tmp = try TemporaryFolder()
        let arguments = ["--presets", "react-native,flutter", "--modes", "center", "--types", "sign-in", "--styles", "black,white"]
        // 2 buttons x (3 React Native + 3 Flutter files) + pubspec fragment + index.html + gallery.js + manifest.json
        try GenerateUsageTests.expectUsage("writes 16 files, more than 15", ["--out", "small", "--max-files", "15"] + arguments, in: tmp)
        let result = try Executable.siwa(["generate", "--out", tmp("small").path, "--max-files", "16"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(tmp.files().filter { $0.hasPrefix("small/") }.count == 16)
        #expect(tmp.files().contains("small/react-native/siwa-sign-in-white-en_US@3x.png"))
        #expect(tmp.files().contains("small/flutter/assets/siwa/2.0x/siwa-sign-in-black-en_US.png"))
    }
}
