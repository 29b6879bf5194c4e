/// Writes a `ButtonScene` as an Android VectorDrawable (`res/drawable/*.xml`): the scene's
/// items in order, with the documented attributes only (`android:fillColor`,
/// `android:pathData`). Like SVG and PDF it is one file at 1x: width and height in dp,
/// the viewport in points, so Android scales it to every density.
///
/// Written for API 21, where VectorDrawable starts: `android:fillType` came in API 24,
/// and every item fills non-zero, the default it would only restate, so it is left out
/// (an even-odd item would need it, and a `-v24` folder). Android Lint flags pathData
/// longer than 800 characters as slow to parse (`VectorPath`): an item's contours are
/// split over several `<path>`s where that cannot change a pixel (`pieces`).
///
/// No `android:autoMirrored`: the layout already places logo and title for the
/// locale's direction (an Arabic button has its logo on the right), so mirroring it
/// again in an RTL app would put the logo back on the wrong side and the glyphs
/// backwards.
enum VectorDrawableWriter {
    /// - Parameter split: pathData under Lint's threshold where it can be (tests compare against false).
    static func write(_ scene: ButtonScene, split: Bool = true) -> [UInt8] {
        // The canvas in whole points, as the SVG and PDF canvases.
        let width = number(scene.width.rounded()), height = number(scene.height.rounded())
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <vector xmlns:android="http://schemas.android.com/apk/res/android"
                android:width="\(width)dp"
                android:height="\(height)dp"
                android:viewportWidth="\(width)"
                android:viewportHeight="\(height)">

            """
        for item in scene.items {
            let fillType = item.rule == .nonZero ? "" : "\n        android:fillType=\"\(item.rule.rawValue)\""
            for data in split ? pieces(item.path) : [pathData(item.path)] {
                xml += """
                        <path
                            android:fillColor="\(color(item.fill))"\(fillType)
                            android:pathData="\(data)"/>

                    """
            }
        }
        xml += "</vector>\n"
        return Array(xml.utf8)
    }

    static func color(_ ink: Ink) -> String {
        switch ink {
        case .black: "#000000"
        case .white: "#FFFFFF"
        }
    }

    /// Android Lint's `VectorPath` check: longer pathData is slow to parse.
    static let lintPathLength = 800

    /// Contours whose boxes are farther apart than this (points) share no pixel at 1 px
    /// per dp or more (mdpi and every denser screen; a pixel holding ink of both would
    /// need a gap under one pixel), so filling them as separate paths draws exactly what
    /// one path draws. Contours nearer (a glyph's counters, letters closer than a pixel)
    /// stay in one path: their winding and anti-aliasing are computed together.
    static let separation = 1.0

    /// An item's pathData in pieces of at most `lintPathLength` characters where its
    /// contours allow: contours are grouped (transitively) with those within
    /// `separation`, and whole groups are packed in order. A group longer than the limit
    /// on its own stays whole.
    static func pieces(_ path: VectorPath) -> [String] {
        let whole = pathData(path)
        guard whole.count > lintPathLength else { return [whole] }
        let contours = path.contours
        let boxes = contours.map(\.controlBounds)
        var parent = Array(contours.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in contours.indices {
            for j in contours.indices where j > i && near(boxes[i], boxes[j]) { parent[root(j)] = root(i) }
        }
        var order: [Int] = [], members: [Int: [Int]] = [:]
        for i in contours.indices {
            let r = root(i)
            if members[r] == nil { order.append(r) }
            members[r, default: []].append(i)
        }
        var out: [String] = [], current = ""
        for group in order.map({ members[$0]!.map { pathData(contours[$0]) }.joined() }) {
            if !current.isEmpty && current.count + group.count > lintPathLength {
                out.append(current)
                current = ""
            }
            current += group
        }
        return out + [current]
    }

    private static func near(_ a: Rect?, _ b: Rect?) -> Bool {
        guard let a, let b else { return true }
        return a.x - separation <= b.maxX && b.x - separation <= a.maxX && a.y - separation <= b.maxY && b.y - separation <= a.maxY
    }

    /// SVG path syntax with absolute commands (`M`, `L`, `C`, `Z`), which Android's
    /// `PathParser` reads.
    static func pathData(_ path: VectorPath) -> String {
        var out = ""
        for segment in path.segments {
            switch segment {
            case .move(let x, let y): out += "M\(number(x)) \(number(y))"
            case .line(let x, let y): out += "L\(number(x)) \(number(y))"
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                out += "C\(number(x1)) \(number(y1)) \(number(x2)) \(number(y2)) \(number(x)) \(number(y))"
            case .close: out += "Z"
            }
        }
        return out
    }

    /// Thousandths of a point (0.004 px at xxxhdpi), without trailing zeros, and the
    /// same on every machine (no locale, no float printing): `12`, `-0.5`, `3.142`.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let magnitude = thousandths.magnitude
        var text = String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return thousandths < 0 ? "-" + text : text
    }
}
