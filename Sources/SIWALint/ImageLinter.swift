/// Apple's rules on an image of a button (a custom one, or one of ours), by measuring it.
package enum ImageLinter {
    package struct Result: Sendable {
        package var image: RasterImage
        package var measurement: ButtonMeasurement
        package var report: LintReport
    }

    /// Reads, measures and checks an image file. `scale`: pixels per point of a PNG.
    package static func lint(path: String, scale: Double, context: LintContext = LintContext()) throws -> Result {
        let image = try RasterImage.load(path: path, scale: scale)
        return try lint(image, subject: path.split(separator: "/").last.map(String.init) ?? path, context: context)
    }

    /// Measures and checks an image already read.
    package static func lint(_ image: RasterImage, subject name: String, context: LintContext = LintContext()) throws(ImageMeasureError)
        -> Result
    {
        let measurement = try ImageMeasurer.measure(image)
        let report = LintReport(
            subject: name, findings: findings(measurement, context: context), context: context,
            measurement: measurement)
        return Result(image: image, measurement: measurement, report: report)
    }

    /// Every image rule's findings (`LintReport` orders them).
    static func findings(_ m: ButtonMeasurement, context: LintContext) -> [LintFinding] {
        LintRules.onImages.flatMap { $0.findings(on: m, in: context) }
    }
}
