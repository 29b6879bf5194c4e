/// Measurements as the image rules word and mark them.
extension ButtonMeasurement {
    /// Pixels as points, as findings print them.
    func points(_ pixels: Double) -> String { LintNumber.text(pixels / scale) }

    /// Measuring slack: a point plus a pixel of anti-aliasing.
    var onePoint: Double { scale + 1 }
}

extension ButtonMeasurement.Box {
    /// The box drawn on an annotated image, with its label.
    func mark(_ label: String) -> LintMark {
        .box(x: Double(x), y: Double(y), width: Double(width), height: Double(height), label: label)
    }
}

extension String {
    /// `0.81`: two decimals.
    init(format2 value: Double) { self = String((value * 100).rounded() / 100) }
}
