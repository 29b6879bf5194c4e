import SIWAButtons

/// Measures an image of a button as `../shared/tools/measure-button` does (its method,
/// generalised to any colours): the face is the most common opaque colour, ink is what
/// differs from it by more than half, away from the edges, corners and border; columns
/// of ink separated by more than 12% of the height are separate words, and of the first
/// and last word the one shaped like Apple's logo is the logo.
enum ImageMeasurer {
    /// The title's ink height (capitals to descenders) per em of its font: 0.93 for
    /// Apple's Latin titles, close for the other scripts (most titles hold "Apple").
    static let titleInkPerEm = 0.93
    /// Smaller images have too few pixels for a logo and a title.
    static let minimumSide = 16

    static func measure(_ image: RasterImage) throws(ImageMeasureError) -> ButtonMeasurement {
        let w = image.width, h = image.height
        guard w >= minimumSide, h >= minimumSide else {
            throw ImageMeasureError("the image is \(w) x \(h) px, too small to measure (at least \(minimumSide) x \(minimumSide))")
        }
        // A transparent ring around bordered buttons (Apple leaves one).
        var ring = 0
        while ring < min(w, h) / 4 && image.pixel(w / 2, ring).a < 0.5 && image.pixel(ring, h / 2).a < 0.5 { ring += 1 }

        guard let face = faceColor(image) else { throw ImageMeasureError("the image has no opaque button face to measure") }
        let distance = { (x: Int, y: Int) -> Double in
            let p = image.pixel(x, y)
            return p.a > 0.99 ? max(abs(p.r - face.red), abs(p.g - face.green), abs(p.b - face.blue)) : 0
        }
        // A border: a run of ink from the top edge in the middle column, its partly
        // transparent anti-aliased pixels included (a 1 pt stroke at 1x covers no pixel fully,
        // the logo-only button's S/50 pt stroke about 0.3 of one).
        var top = 0
        while top < h / 4 && image.pixel(w / 2, top).a < 0.3 { top += 1 }
        var border = 0
        while top + border < h / 4 {
            let p = image.pixel(w / 2, top + border)
            guard p.a >= 0.3, max(abs(p.r - face.red), abs(p.g - face.green), abs(p.b - face.blue)) > 0.15 else { break }
            border += 1
        }
        // Corner radius from the transparent area of the top-left corner box.
        let cornerSide = min(w, h) / 2
        var transparent = 0.0
        for y in ring..<max(ring, cornerSide) { for x in ring..<max(ring, cornerSide) { transparent += 1 - image.pixel(x, y).a } }
        let radius = transparent > 0.5 ? (transparent / (1 - Double.pi / 4)).squareRoot() : 0

        let inset = max(ring, top) + border + 2 + Int(radius * 0.3)
        var ink = [Bool](repeating: false, count: w * h)
        var columns = [Bool](repeating: false, count: w)
        if inset < w / 2 && inset < h / 2 {
            for y in inset..<(h - inset) {
                for x in inset..<(w - inset) where distance(x, y) > 0.5 {
                    ink[y * w + x] = true
                    columns[x] = true
                }
            }
        }
        let groups = Self.groups(columns, minimumGap: max(2, Int(0.12 * Double(h))))
        let box = { (x0: Int, x1: Int) -> ButtonMeasurement.Box in
            var top = h, bottom = 0
            for y in 0..<h { for x in x0..<x1 where ink[y * w + x] { top = min(top, y); bottom = max(bottom, y + 1); break } }
            return ButtonMeasurement.Box(x: x0, y: top, width: x1 - x0, height: bottom - top)
        }
        // The colour of an ink box: the mean of its strongest pixels (anti-aliased edges left out).
        let color = { (b: ButtonMeasurement.Box) -> String in
            var strongest = 0.0
            for y in b.y..<b.maxY { for x in b.x..<b.maxX where ink[y * w + x] { strongest = max(strongest, distance(x, y)) } }
            var sum = (0.0, 0.0, 0.0), n = 0.0
            for y in b.y..<b.maxY {
                for x in b.x..<b.maxX where ink[y * w + x] && distance(x, y) >= 0.85 * strongest {
                    let p = image.pixel(x, y)
                    sum = (sum.0 + p.r, sum.1 + p.g, sum.2 + p.b); n += 1
                }
            }
            return PageColor(red: sum.0 / n, green: sum.1 / n, blue: sum.2 / n).description
        }

        var m = ButtonMeasurement(
            width: w, height: h, scale: image.scale, widthPoints: Double(w) / image.scale,
            heightPoints: Double(h) / image.scale, background: face.description,
            style: face.isDark ? .black : (border > 0 ? .whiteOutline : .white),
            border: border, radius: (radius * 100).rounded() / 100, logo: nil, logoColor: nil,
            title: nil, titleColor: nil, logoOnly: false, rightToLeft: false, trailingMargin: nil,
            titleFontShare: nil, inkMargins: nil)
        guard let first = groups.first, let last = groups.last else { return m }
        if groups.count == 1 {
            m.logoOnly = true
            m.logo = box(first.0, first.1)
        } else {
            let head = box(first.0, first.1), tail = box(last.0, last.1)
            let logoLast = abs(tail.aspect - HIGNumbers.logoAspect) < abs(head.aspect - HIGNumbers.logoAspect)
            m.rightToLeft = logoLast
            m.logo = logoLast ? tail : head
            let words = logoLast ? groups.dropLast() : groups.dropFirst()
            let title = box(words.first!.0, words.last!.1)
            m.title = title
            m.titleColor = color(title)
            m.trailingMargin = Double(logoLast ? title.x : w - title.maxX)
        }
        m.logoColor = m.logo.map(color)
        if let title = m.title {
            m.titleFontShare = (Double(title.height) / titleInkPerEm / Double(h) * 1000).rounded() / 1000
        }
        let boxes = [m.logo, m.title].compactMap { $0 }
        m.inkMargins = ButtonMeasurement.Margins(
            left: boxes.map(\.x).min()!, top: boxes.map(\.y).min()!,
            right: w - boxes.map(\.maxX).max()!, bottom: h - boxes.map(\.maxY).max()!)
        return m
    }

    /// Runs of ink columns, merged across gaps narrower than `minimumGap`.
    static func groups(_ columns: [Bool], minimumGap: Int) -> [(Int, Int)] {
        var runs: [(Int, Int)] = [], start: Int?
        for (x, on) in columns.enumerated() {
            if on, start == nil { start = x }
            if !on, let s = start { runs.append((s, x)); start = nil }
        }
        if let s = start { runs.append((s, columns.count)) }
        var groups: [(Int, Int)] = []
        for run in runs {
            if let lastGroup = groups.last, run.0 - lastGroup.1 < minimumGap {
                groups[groups.count - 1].1 = run.1
            } else {
                groups.append(run)
            }
        }
        return groups
    }

    /// The per-channel median of the opaque pixels (nil when none is opaque).
    static func faceColor(_ image: RasterImage) -> PageColor? {
        var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        var count = 0
        for i in stride(from: 0, to: image.rgba.count, by: 4) where image.rgba[i + 3] == 255 {
            for c in 0..<3 { histograms[c][Int(image.rgba[i + c])] += 1 }
            count += 1
        }
        guard count > 0 else { return nil }
        let median = histograms.map { histogram -> Double in
            var seen = 0
            for (value, n) in histogram.enumerated() {
                seen += n
                if seen * 2 >= count { return Double(value) / 255 }
            }
            return 1
        }
        return PageColor(red: median[0], green: median[1], blue: median[2])
    }
}

/// An image that cannot be measured (too small, fully transparent): status 1, one line.
package struct ImageMeasureError: Error, Equatable, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
