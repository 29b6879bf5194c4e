import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// The android preset as Android's own tools take it: Debian's `aapt` (the SDK's
/// packager) compiles the whole `res/` folder against the platform's attribute table
/// (`android-framework-res`) without an error or a warning; every attribute is one the
/// folder's API level has; no pathData is longer than Lint's 800 characters where it
/// could be split.
@Suite struct AndroidToolsTests {
    static let aapt = "/usr/bin/aapt"
    static let framework = "/usr/share/android-framework-res/framework-res.apk"

    /// Every title and style in five locales (one right-to-left, two with regions,
    /// CJK), PNG and VectorDrawable, night looks, and the titles as string resources.
    static func pack() throws -> TemporaryFolder {
        var config = GeneratorConfiguration()
        config.presets = [.android]
        config.modes = [.center, .left, .logo]
        config.locales = ["en_US", "ar_SA", "zh_CN", "zh_TW", "de_DE"].map { ButtonLocale(code: $0)! }
        config.strings = [.android]  // the titles' values-*/siwa_strings.xml, compiled too
        let folder = try TemporaryFolder()
        _ = try generator(config).generate(into: folder.url)
        return folder
    }

    @Test(
        "aapt compiles the whole res/ folder, no error, no warning",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: aapt) && FileManager.default.fileExists(atPath: framework),
            "aapt or android-framework-res not installed (scripts/setup.sh installs them)"))
    func aaptPackages() throws {
        let folder = try Self.pack()
        try """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.siwa">
            <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="29"/>
            <application android:label="siwa"/>
        </manifest>

        """.write(to: folder("android/AndroidManifest.xml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.aapt)
        process.currentDirectoryURL = folder("android")
        process.arguments = ["package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-I", Self.framework, "-F", "out.apk"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.lowercased().contains("warning") && !text.lowercased().contains("error"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: folder("android/out.apk").path))
        let drawables = folder.files().filter { $0.hasPrefix("android/res/") }.count
        #expect(drawables > 1000)
    }

    /// API levels of the attributes the drawables use (developer.android.com's
    /// R.attr: VectorDrawable and its path attributes came in 21, fillType in 24).
    static let attributeLevel: [String: Int] = [
        "android:width": 21, "android:height": 21, "android:viewportWidth": 21, "android:viewportHeight": 21,
        "android:fillColor": 21, "android:pathData": 21, "android:fillType": 24,
    ]

    @Test("Every attribute is one the folder's API level has; pathData under 800 characters where it can be split")
    func attributesPerFolderLevel() throws {
        let folder = try Self.pack()
        var paths = 0, long = 0
        for file in folder.files() where file.hasSuffix(".xml") && file.contains("/res/drawable") {
            let qualifiers = file.split(separator: "/")[2].split(separator: "-")
            // An unqualified folder serves the app's minSdk: VectorDrawable's 21.
            let level = qualifiers.compactMap { $0.first == "v" ? Int($0.dropFirst()) : nil }.first ?? 21
            let document = try XMLDocument(data: Data(folder.bytes(file)))
            for element in try document.nodes(forXPath: "//*").compactMap({ $0 as? XMLElement }) {
                for attribute in element.attributes ?? [] where attribute.name != "xmlns:android" {
                    let needs = try #require(Self.attributeLevel[attribute.name ?? ""], "\(file): \(attribute.name ?? "")")
                    #expect(needs <= level, "\(file): \(attribute.name ?? "") needs API \(needs)")
                }
                if element.name == "path" {
                    paths += 1
                    let data = element.attribute(forName: "android:pathData")?.stringValue ?? ""
                    if data.count > VectorDrawableWriterLimit.length { long += 1 }
                }
            }
        }
        print("android pack: \(paths) paths, \(long) longer than \(VectorDrawableWriterLimit.length) characters")
        #expect(paths > 0)
        // What stays long is one group of contours less than a pixel apart (a glyph with its
        // counters, letters that nearly touch, joined scripts): splitting it would change pixels.
        #expect(Double(long) / Double(paths) < 0.3, "\(long) of \(paths) paths are longer than Lint's threshold")
    }
}

/// Lint's threshold, as the writer has it.
enum VectorDrawableWriterLimit {
    static let length = 800
}
