/// Apple's rules on an image of a button (a custom one, or one of ours), by measuring it.
public enum ImageLinter {
    public struct Result: Sendable {
        public var image: RasterImage
        public var measurement: ButtonMeasurement
        public var report: LintReport
    }

    /// Reads, measures and checks an image file. `scale`: pixels per point of a PNG.
    public static func lint(path: String, scale: Double, context: LintContext = LintContext()) throws -> Result {
        let image = try RasterImage.load(path: path, scale: scale)
        return try lint(image, subject: path.split(separator: "/").last.map(String.init) ?? path, context: context)
    }

    /// Measures and checks an image already read.
    public static func lint(_ image: RasterImage, subject name: String, context: LintContext = LintContext()) throws(ImageMeasureError)
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
