import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

@Suite("Android VectorDrawable")
struct VectorDrawableTests {
    /// The elements Android's VectorDrawable inflater reads and the attributes it
    /// documents for each (developer.android.com, VectorDrawable): nothing else may appear.
    static let allowed: [String: Set<String>] = [
        "vector": [
            "xmlns:android", "android:name", "android:width", "android:height", "android:viewportWidth",
            "android:viewportHeight", "android:tint", "android:tintMode", "android:autoMirrored", "android:alpha",
        ],
        "group": [
            "android:name", "android:rotation", "android:pivotX", "android:pivotY", "android:scaleX",
            "android:scaleY", "android:translateX", "android:translateY",
        ],
        "path": [
            "android:name", "android:pathData", "android:fillColor", "android:strokeColor", "android:strokeWidth",
            "android:strokeAlpha", "android:fillAlpha", "android:trimPathStart", "android:trimPathEnd",
            "android:trimPathOffset", "android:strokeLineCap", "android:strokeLineJoin",
            "android:strokeMiterLimit", "android:fillType",
        ],
        "clip-path": ["android:name", "android:pathData"],
    ]

    static let targets = [
        "/appleid/button?color=white&border=true&width=200&height=32",
        "/appleid/button?locale=ar_SA&type=continue&width=260&height=44",
        "/appleid/button/left?locale=iw_IL&color=white&logo-size=large&width=300&height=50",
        "/appleid/button?locale=th_TH&type=sign-up&width=300&height=44",
        "/appleid/button?locale=zh_CN&color=white&border=true&width=200&height=40&border_radius=50",
        "/appleid/button?locale=ja_JP&type=continue&width=260&height=44",
        "/appleid/button/left?locale=ko_KR&width=280&height=44",
        "/appleid/button/logo?size=44&color=white&border=true&border_radius=50",
    ]

    @Test("Well-formed XML with only the elements and attributes Android accepts", arguments: targets)
    func allowedOnly(target: String) throws {
        let drawable = try ParsedVectorDrawable(TestSupport.render(target, .vectorDrawable))
        #expect(drawable.root?.name == "vector")
        #expect(drawable.root?.attributes["xmlns:android"] == "http://schemas.android.com/apk/res/android")
        #expect(drawable.elements.filter { $0.name == "vector" }.count == 1)
        for element in drawable.elements {
            let names = try #require(Self.allowed[element.name], "element <\(element.name)>")
            let extra = Set(element.attributes.keys).subtracting(names)
            #expect(extra.isEmpty, "<\(element.name)> has \(extra.sorted())")
        }
        for path in drawable.paths {
            let a = path.attributes
            #expect(a["android:fillColor"].map { $0.wholeMatch(of: /#([0-9A-F]{6}|[0-9A-F]{8})/) != nil } == true)
            // Non-zero everywhere: the default, not written (fillType is an API 24 attribute).
            #expect(a["android:fillType"] == nil)
            let data = try #require(a["android:pathData"])
            #expect(data.wholeMatch(of: /M[MLCZ0-9 .\-]*Z/) != nil, "pathData \(data.prefix(40))")
        }
        let spec = try ButtonRequest.parse(target).spec
        #expect(drawable.dp("android:width") == Double(spec.width) && drawable.dp("android:height") == Double(spec.height))
        #expect(drawable.root?.attributes["android:viewportWidth"] == String(spec.width))
    }

    /// Split over several `<path>`s (Lint's 800-character threshold), the drawable has the
    /// same geometry as one path per item: contours more than a pixel apart cover no pixel
    /// in common. Rasterised by librsvg at Android's densities (1x-4x) and a scale in
    /// between, the two differ only by Cairo's own quantisation: its scan converter takes
    /// a row of pixels exactly or in 1/15 steps depending on every edge in that row, so a
    /// pixel may move by up to 17 of 255 when another contour joins the row's path. The
    /// control shows what a wrong split does: each contour a path of its own fills the
    /// glyphs' counters, pixels off by far more.
    @Test(
        "Paths split under Lint's threshold draw what whole ones draw",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "rsvg-convert not installed"),
        arguments: targets)
    func splitPathsSamePixels(target: String) throws {
        let scene = try TestSupport.renderer().scene(try ButtonRequest.parse(target).spec)
        let split = try ParsedVectorDrawable(VectorDrawableWriter.write(scene, split: true))
        let whole = try ParsedVectorDrawable(VectorDrawableWriter.write(scene, split: false))
        #expect(whole.paths.count == scene.items.count)
        if scene.items.contains(where: { VectorDrawableWriter.pathData($0.path).count > VectorDrawableWriter.lintPathLength }) {
            #expect(split.paths.count > whole.paths.count, "nothing split")
        }
        // Every contour on its own: what splitting without looking would do.
        var naive = scene
        naive.items = scene.items.flatMap { item in
            item.role == .label ? item.path.contours.map { ButtonScene.Item(role: .label, path: $0, fill: item.fill) } : [item]
        }
        let wrong = try ParsedVectorDrawable(VectorDrawableWriter.write(naive, split: false))
        func raster(_ drawable: ParsedVectorDrawable, _ scale: Double) throws -> [UInt32] {
            let svg = try TestSupport.temporaryFile("vd-\(UUID().uuidString).svg", Array(try drawable.svg(scale: scale).utf8))
            let png = svg.deletingPathExtension().appendingPathExtension("png")
            _ = try TestSupport.run("rsvg-convert", ["-o", png.path, svg.path])
            return try Bitmap(png: png).pixels
        }
        func largestDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
            var largest = 0
            for (p, q) in zip(a, b) where p != q {
                for shift in stride(from: 0, to: 32, by: 8) {
                    largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
            return largest
        }
        for scale in [1, 1.3, 1.5, 2, 3, 4] {
            let reference = try raster(whole, scale)
            let difference = largestDifference(try raster(split, scale), reference)
            #expect(difference <= 17, "\(target) at \(scale)x: split differs from whole by up to \(difference)")
            if scale == 2, !scene.items(.label).isEmpty {
                let control = largestDifference(try raster(wrong, scale), reference)
                #expect(control > 100, "\(target): the wrong split differs by only \(control)")
            }
        }
    }

    @Test("One file at 1x: the scale changes nothing")
    func scaleFree() throws {
        let one = try TestSupport.render("/appleid/button?locale=de_DE&scale=1", .vectorDrawable)
        #expect(try TestSupport.render("/appleid/button?locale=de_DE&scale=3", .vectorDrawable) == one)
    }

    @Test("Numbers: thousandths, no trailing zeros, no negative zero")
    func numbers() {
        #expect(VectorDrawableWriter.number(12) == "12")
        #expect(VectorDrawableWriter.number(-0.5) == "-0.5")
        #expect(VectorDrawableWriter.number(3.14159) == "3.142")
        #expect(VectorDrawableWriter.number(0.0504) == "0.05")
        #expect(VectorDrawableWriter.number(0.007) == "0.007")
        #expect(VectorDrawableWriter.number(-0.0001) == "0")
        #expect(VectorDrawableWriter.number(1.9999) == "2")
    }

    /// Read back as SVG and rasterised by librsvg, the drawable is our PNG of the same
    /// button, compared in two parts:
    /// - outside the title (shapes and logo, the same curves through two Cairo fills):
    ///   mean difference < 0.1 of 255 and no pixel off by more than 16;
    /// - the title: the PNG's glyphs come from Cairo's glyph cache, each placed at a
    ///   whole device pixel (Cairo 1.16's image backend rounds glyph origins), the
    ///   drawable's outlines are filled where they are, so single pixels differ by up to
    ///   ~180 at 1x. What must agree is the ink: its total within 1.5%, its centre
    ///   within 0.5 px across (each glyph rounds its own way) and, down, off by the
    ///   baseline's rounding (all glyphs share it) within 0.1 px.
    /// A glyph missing or out of place, counters filled by a wrong fill rule, a wrong
    /// colour or a shifted shape each break one of these by far.
    @Test(
        "Back to SVG and rasterised, it matches our PNG at 1x and 3x",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "rsvg-convert not installed"),
        arguments: targets, [1, 3])
    func matchesPNG(target: String, scale: Int) throws {
        let drawable = try ParsedVectorDrawable(TestSupport.render(target, .vectorDrawable))
        let name = "vd-\(UUID().uuidString)"
        let svg = try TestSupport.temporaryFile("\(name).svg", Array(try drawable.svg(scale: Double(scale)).utf8))
        let raster = svg.deletingPathExtension().appendingPathExtension("png")
        _ = try TestSupport.run("rsvg-convert", ["-o", raster.path, svg.path])
        let theirs = try Bitmap(png: raster)
        let ours = try Bitmap(png: TestSupport.render(target + "&scale=\(scale)"))
        try #require(theirs.width == ours.width && theirs.height == ours.height)

        let layout = try TestSupport.renderer().layout(try ButtonRequest.parse(target).spec)
        let s = Double(scale)
        let box: (x: Range<Int>, y: Range<Int>)? = layout.label.map { label in
            let em = label.fontSize
            return (
                Int(((label.x - 0.1 * em) * s).rounded(.down))..<Int(((label.x + label.advance + 0.1 * em) * s).rounded(.up)),
                Int(((label.baseline - 1.2 * em) * s).rounded(.down))..<Int(((label.baseline + 0.45 * em) * s).rounded(.up))
            )
        }
        func inLabel(_ x: Int, _ y: Int) -> Bool { box.map { $0.x.contains(x) && $0.y.contains(y) } ?? false }

        var outsideTotal = 0, outsideCount = 0, outsideMax = 0
        var inkA = 0.0, inkB = 0.0, sumAX = 0.0, sumAY = 0.0, sumBX = 0.0, sumBY = 0.0
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours.pixels[y * ours.width + x], b = theirs.pixels[y * ours.width + x]
                if inLabel(x, y) {
                    // Foreground coverage from the green channel over the opaque face.
                    func ink(_ p: UInt32) -> Double {
                        let g = Double((p >> 8) & 0xFF) / 255
                        return layout.foreground == .white ? g : 1 - g
                    }
                    inkA += ink(a); sumAX += ink(a) * Double(x); sumAY += ink(a) * Double(y)
                    inkB += ink(b); sumBX += ink(b) * Double(x); sumBY += ink(b) * Double(y)
                } else {
                    for shift in stride(from: 0, to: 32, by: 8) {
                        let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                        outsideTotal += d
                        outsideMax = max(outsideMax, d)
                    }
                    outsideCount += 4
                }
            }
        }
        let outsideMean = Double(outsideTotal) / Double(outsideCount)
        #expect(outsideMean < 0.1 && outsideMax <= 16, "outside the title: mean \(outsideMean), max \(outsideMax)")
        if box != nil {
            let inkRatio = abs(inkB / inkA - 1)
            let dx = sumBX / inkB - sumAX / inkA, dy = sumBY / inkB - sumAY / inkA
            let baseline = layout.label!.baseline * s
            let snap = baseline - baseline.rounded()
            #expect(
                inkRatio < 0.015 && abs(dx) < 0.5 && abs(dy - snap) < 0.1,
                "title: ink \(inkB) vs \(inkA) (\(inkRatio * 100)%), centre off by \(dx), \(dy) px (baseline rounding \(snap)); whole image mean \(theirs.meanDifference(ours))"
            )
        }
    }
}
