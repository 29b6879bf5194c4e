import Foundation
import SIWAButtons
import Testing
@testable import SIWALint

/// What must pass: every one of Apple's reference images, and our default set.
@Suite("Apple's images and ours pass")
struct ReferenceAndOwnRenderTests {
    static var referenceFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: LintTestSupport.references.path)) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test(
        "Apple's reference images have no finding",
        .enabled(if: LintTestSupport.hasReferences, "../shared is absent: Apple reference images skipped"))
    func references() throws {
        let files = Self.referenceFiles
        #expect(files.count >= 8)
        for file in files {
            // All were taken at scale 2 (their names say s2 or scale2).
            let result = try ImageLinter.lint(path: LintTestSupport.references.appendingPathComponent(file).path, scale: 2)
            #expect(result.report.findings.map(\.message) == [], "\(file): \(result.measurement)")
            let logoOnly = file.contains("_logo_")
            #expect(result.measurement.logoOnly == logoOnly, "\(file)")
            let ink = try #require(result.measurement.logoColor.flatMap(PageColor.init(parsing:)))
            #expect(abs(ink.luminance - (result.measurement.style == .black ? 1 : 0)) < 0.02, "\(file)")
        }
    }

    /// `generate`'s defaults: every mode, type and style, en_US, 250x44, PNG at 1x-3x and SVG.
    @Test("Our default set has no finding, as requests and as images (PNG and SVG)")
    func defaultSet() throws {
        let renderer = try LintTestSupport.renderer()
        var specs: [ButtonSpec] = []
        for mode in ButtonSpec.Mode.allCases {
            for type in mode == .logo ? [ButtonSpec.Kind.signIn] : ButtonSpec.Kind.allCases {
                for (color, border) in [(ButtonSpec.Color.black, false), (.white, false), (.white, true)] {
                    specs.append(ButtonSpec(mode: mode, type: type, color: color, border: border, width: 250, height: 44, size: 44))
                }
            }
        }
        for spec in specs {
            let target = ButtonRequest(spec: spec).canonicalTarget
            #expect(RequestLinter(renderer: renderer).findings(spec).isEmpty, "\(target)")
            for scale in 1...3 {
                let image = try RasterImage.decode(
                    try renderer.render(spec, format: .png, scale: Double(scale)), path: "x", scale: Double(scale))
                let scaled = ButtonRequest(spec: spec, scale: scale).canonicalTarget
                let result = try ImageLinter.lint(image, subject: scaled)
                #expect(result.report.findings.map(\.message) == [], "\(scaled): \(result.measurement)")
            }
            let svg = try RasterImage.decode(try renderer.render(spec, format: .svg, scale: 1), path: "x.svg", scale: 1)
            let result = try ImageLinter.lint(svg, subject: target + "&format=svg")
            #expect(result.report.findings.map(\.message) == [], "SVG \(target): \(result.measurement)")
            #expect(abs(result.measurement.widthPoints - Double(spec.width)) < 0.01, "SVG size in points")
        }
    }

    @Test("Every locale's centred and left-aligned title passes")
    func locales() throws {
        let renderer = try LintTestSupport.renderer()
        for locale in ButtonLocale.all {
            for mode in [ButtonSpec.Mode.center, .left] {
                let spec = ButtonSpec(mode: mode, locale: locale, width: 250, height: 44)
                let target = ButtonRequest(spec: spec, scale: 2).canonicalTarget
                let image = try RasterImage.decode(try renderer.render(spec, format: .png, scale: 2), path: "x", scale: 2)
                let result = try ImageLinter.lint(image, subject: target)
                #expect(result.report.findings.map(\.message) == [], "\(target): \(result.measurement)")
                #expect(result.measurement.rightToLeft == locale.isRightToLeft, "\(target)")
            }
        }
    }
}
