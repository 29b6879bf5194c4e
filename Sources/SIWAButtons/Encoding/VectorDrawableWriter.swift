/// Writes a `ButtonScene` as an Android VectorDrawable (`res/drawable/*.xml`): one
/// `<path>` per scene item, in the scene's order, with the documented attributes only
/// (`android:fillColor`, `android:fillType`, `android:pathData`). Like SVG and PDF it
/// is one file at 1x: width and height in dp, the viewport in points, so Android
/// scales it to every density.
///
/// No `android:autoMirrored`: the layout already places logo and title for the
/// locale's direction (an Arabic button has its logo on the right), so mirroring it
/// again in an RTL app would put the logo back on the wrong side and the glyphs
/// backwards.
enum VectorDrawableWriter {
    static func write(_ scene: ButtonScene) -> [UInt8] {
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
            xml += """
                    <path
                        android:fillColor="\(color(item.fill))"
                        android:fillType="\(item.rule.rawValue)"
                        android:pathData="\(pathData(item.path))"/>

                """
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
