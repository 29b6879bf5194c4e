// Renders per second for the renderer, in-process, beside rsvg-convert drawing our own
// SVG of the same button in the same run (a whole process per image, as a CLI tool or
// image service that shells out would pay). Run: bash Benchmarks/run.sh render
import CCairo
import ComparisonWriters
import Foundation
@_spi(Benchmark) import SIWAButtons

let renderer = try ButtonRenderer.shared()
let cases = [
    ("default 140x30 @1x", "/appleid/button"),
    ("375x64 @1x", "/appleid/button?width=375&height=64"),
    ("375x64 @6x", "/appleid/button?width=375&height=64&scale=6"),
]

// `--stdin` (Benchmarks/peers/run.py): one request target per line; each is rendered once
// as PNG and answered "NANOSECONDS BYTES", timed here, so that a driver in another process
// can interleave our in-process render with its peers' without counting the pipe.
if CommandLine.arguments.dropFirst().first == "--stdin" {
    while let line = readLine() {
        let request = try ButtonRequest.parse(line), scale = Double(request.scale)
        let start = DispatchTime.now().uptimeNanoseconds
        let png = try renderer.render(request.spec, format: .png, scale: scale)
        print("\(DispatchTime.now().uptimeNanoseconds - start) \(png.count)")
        fflush(nil)  // all streams: `stdout` is not concurrency-safe to name
    }
    exit(0)
}

/// Median seconds per call over `runs` calls (after a warm-up).
func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

func rsvgConvert(_ svg: URL, _ png: URL) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
    p.arguments = ["-o", png.path, svg.path]
    try p.run()
    p.waitUntilExit()
}

let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-bench-\(getpid())")
try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
let hasRsvg = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")

func ms(_ s: Double) -> String { String(format: "%7.3f ms", s * 1000) }
func perSecond(_ s: Double) -> String { String(format: "%6.0f", 1 / s) }
print("case                 | ours PNG   | PNG/s  | ours SVG   | SVG/s  | rsvg-convert | rsvg/ours PNG | PNG bytes")
print("---------------------|------------|--------|------------|--------|--------------|---------------|----------")
for (name, target) in cases {
    let request = try ButtonRequest.parse(target), spec = request.spec, scale = Double(request.scale)
    let png = try median(runs: 200) { _ = try renderer.render(spec, format: .png, scale: scale) }
    let svg = try median(runs: 200) { _ = try renderer.render(spec, format: .svg, scale: scale) }
    let bytes = try renderer.render(spec, format: .png, scale: scale).count
    var rsvgText = "      n/a   ", ratio = "     n/a     "
    if hasRsvg {
        // rsvg-convert draws the same SVG at the same pixel size (scale is in the SVG's size).
        let svgFile = tmp.appendingPathComponent("b.svg")
        try Data(try renderer.render(spec, format: .svg, scale: scale)).write(to: svgFile)
        let rsvg = try median(runs: 20) { try rsvgConvert(svgFile, tmp.appendingPathComponent("b.png")) }
        rsvgText = ms(rsvg) + "  "
        ratio = String(format: "%10.1fx   ", rsvg / png)
    }
    print(
        "\(name.padding(toLength: 20, withPad: " ", startingAt: 0)) | \(ms(png)) | \(perSecond(png)) | \(ms(svg)) | "
            + "\(perSecond(svg)) | \(rsvgText) | \(ratio) | \(bytes)")
}
// Cairo's own PNG writer on the same pixels (our PNG decoded back into a surface):
// encoding alone, against our whole render (drawing + encoding).
let bigRequest = try ButtonRequest.parse(cases[2].1), big = bigRequest.spec, bigScale = Double(bigRequest.scale)
let bigPNG = try renderer.render(big, format: .png, scale: bigScale)
let bigFile = tmp.appendingPathComponent("big.png")
try Data(bigPNG).write(to: bigFile)
let surface = cairo_image_surface_create_from_png(bigFile.path)!
let cairoWriter = median(runs: 50) {
    var count = 0
    withUnsafeMutablePointer(to: &count) { counter in
        _ = cairo_surface_write_to_png_stream(
            surface,
            { closure, _, length in
                closure!.assumingMemoryBound(to: Int.self).pointee += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, counter)
    }
}
cairo_surface_destroy(surface)
let oursBig = try median(runs: 50) { _ = try renderer.render(big, format: .png, scale: bigScale) }
print(
    String(
        format: "\n375x64 @6x: Cairo's PNG writer alone %.3f ms; our whole render %.3f ms (%.1fx)",
        cairoWriter * 1000, oursBig * 1000, cairoWriter / oursBig))

// The PNG writers alone on the same pixels, interleaved: ours against libpng + zlib (level
// 1, Z_RLE, "up"), the service's writer before ours.
print("\nPNG writer alone (median of 100, interleaved) | ours | libpng+zlib | libpng / ours | bytes: ours / libpng")
for (name, target) in cases {
    let request = try ButtonRequest.parse(target), scale = Double(request.scale)
    var ours: [Double] = [], theirs: [Double] = [], bytes = (0, 0)
    for _ in 0..<10 {
        let a = try renderer.encodingSample(request.spec, scale: scale, runs: 10, writer: .ours(.png))
        let b = try renderer.encodingSample(request.spec, scale: scale, runs: 10, writer: .libpng)
        ours.append(a.seconds)
        theirs.append(b.seconds)
        bytes = (a.bytes, b.bytes)
    }
    let o = ours.sorted()[5], t = theirs.sorted()[5]
    print(
        "\(name.padding(toLength: 20, withPad: " ", startingAt: 0)) | \(ms(o)) | \(ms(t)) | "
            + String(format: "%5.1fx", t / o) + " | \(bytes.0) / \(bytes.1)")
}

let apple = try ButtonRequest.parse("/appleid/button?color=black&type=sign-in&width=200&height=32").spec
print("\nApple's 200x32 @2x black sign-in PNG is 5602 bytes; ours: \(try renderer.render(apple, format: .png, scale: 2).count) bytes")
try? FileManager.default.removeItem(at: tmp)
