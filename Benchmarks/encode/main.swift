// PNG against lossless WebP on the images of a generated set: bytes, and the time of
// the encoders alone (each button drawn once, then encoded as PNG, as WebP by our writer
// and by libwebp, on the same pixels). Run: bash Benchmarks/run.sh encode
//
//   EncodeBenchmark MANIFEST [--levels]
//
// MANIFEST is a set's manifest.json (its PNG entries are the buttons measured);
// --levels also tries each of libwebp's lossless presets (0-9) on every tenth image.
import ComparisonWriters
import Foundation
import SIWAButtons

struct Entry: Decodable { var endpoint: String; var format: String }
struct ManifestFile: Decodable { var files: [Entry] }

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: EncodeBenchmark MANIFEST [--levels]\n".utf8))
    exit(64)
}
let manifest = try JSONDecoder().decode(ManifestFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
let requests = try manifest.files.filter { $0.format == "png" }.map { try ButtonRequest.parse($0.endpoint) }
let renderer = try ButtonRenderer.shared()
let runs = 3

var png = (bytes: 0, seconds: 0.0), webp = (bytes: 0, seconds: 0.0), libwebp = (bytes: 0, seconds: 0.0)
for request in requests {
    let scale = Double(request.scale)
    let p = try renderer.encodingSample(request.spec, scale: scale, runs: runs, writer: .ours(.png))
    let w = try renderer.encodingSample(request.spec, scale: scale, runs: runs, writer: .ours(.webp))
    let l = try renderer.encodingSample(
        request.spec, scale: scale, runs: runs, writer: .libwebp(level: ComparisonWriter.libwebpLevel))
    png.bytes += p.bytes
    png.seconds += p.seconds
    webp.bytes += w.bytes
    webp.seconds += w.seconds
    libwebp.bytes += l.bytes
    libwebp.seconds += l.seconds
}
print("images: \(requests.count) (each encoded as PNG, as WebP and by libwebp, median of \(runs) runs)")
print("| encoder | bytes | / PNG | encode (sum) | / PNG |")
print("|---|---:|---:|---:|---:|")
for (name, result) in [
    ("PNG (ours)", png), ("WebP (ours)", webp), ("WebP (libwebp, lossless preset \(ComparisonWriter.libwebpLevel))", libwebp),
] {
    print(
        "| \(name) | "
            + String(
                format: "%d | %.3f | %.1f ms | %.2f |", result.bytes, Double(result.bytes) / Double(png.bytes),
                result.seconds * 1000, result.seconds / png.seconds))
}
print(
    String(
        format: "ours / libwebp: bytes %.3f, encode time %.3f", Double(webp.bytes) / Double(libwebp.bytes),
        webp.seconds / libwebp.seconds))

if arguments.contains("--levels") {
    let sample = stride(from: 0, to: requests.count, by: 10).map { requests[$0] }
    var pngBytes = 0, pngSeconds = 0.0
    for request in sample {
        let p = try renderer.encodingSample(request.spec, scale: Double(request.scale), runs: runs, writer: .ours(.png))
        pngBytes += p.bytes
        pngSeconds += p.seconds
    }
    print("\nlibwebp lossless presets on \(sample.count) images (PNG: \(pngBytes) bytes, \(String(format: "%.1f", pngSeconds * 1000)) ms)")
    print("level | WebP bytes | /PNG bytes | encode ms | /PNG time")
    for level: Int32 in 0...9 {
        var bytes = 0, seconds = 0.0
        for request in sample {
            let w = try renderer.encodingSample(request.spec, scale: Double(request.scale), runs: runs, writer: .libwebp(level: level))
            bytes += w.bytes
            seconds += w.seconds
        }
        print(
            String(
                format: "%5d | %10d | %10.3f | %9.1f | %9.2f", level, bytes, Double(bytes) / Double(pngBytes),
                seconds * 1000, seconds / pngSeconds))
    }
}
