import CCairo
import Foundation
@testable import SIWAButtons
@testable import SIWAModel

/// Paths and helpers shared by the image tests.
enum TestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared` beside the project: Apple's reference images and the measuring tool.
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let references = shared.appendingPathComponent("reference/apple")
    static let measureTool = shared.appendingPathComponent("tools/measure-button")
    static let goldens = packageRoot.appendingPathComponent("Tests/SIWAButtonsTests/Golden")

    static var hasShared: Bool { FileManager.default.fileExists(atPath: measureTool.path) }

    static func renderer() throws -> ButtonRenderer { try ButtonRenderer.shared() }

    static func render(_ target: String, _ format: OutputFormat = .png) throws -> [UInt8] {
        let request = try ButtonRequest.parse(target)
        return try renderer().render(request.spec, format: format, scale: Double(request.scale))
    }

    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Runs a command and returns its standard output (throws on a non-zero exit).
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError(message: "\(executable) failed: " + String(decoding: errData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct CommandError: Error, CustomStringConvertible { let message: String; var description: String { message } }
}

/// What `../shared/tools/measure-button` reports, in device pixels.
struct Measurement: Decodable {
    let w: Int, h: Int
    let background: String
    let ring: Int, border: Int
    let radius: Double
    let logo: [Int]?
    let label: [Int]?

    static func of(_ file: URL, mode: String? = nil) throws -> Measurement {
        let json = try TestSupport.run(TestSupport.measureTool.path, [file.path] + (mode.map { ["--mode", $0] } ?? []))
        return try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
    }
}

/// A decoded PNG as premultiplied ARGB words, through Cairo's own PNG reader.
struct Bitmap {
    let width: Int, height: Int
    let pixels: [UInt32]

    init(png url: URL) throws {
        let surface = cairo_image_surface_create_from_png(url.path)!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw TestSupport.CommandError(message: "cannot read \(url.path)")
        }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = cairo_image_surface_get_data(surface)!
        var px = [UInt32]()
        data.withMemoryRebound(to: UInt32.self, capacity: stride * h) { words in
            for y in 0..<h { for x in 0..<w { px.append(words[y * stride + x]) } }
        }
        width = w
        height = h
        pixels = px
    }

    init(png bytes: [UInt8]) throws {
        try self.init(png: try TestSupport.temporaryFile("decode-\(UUID().uuidString).png", bytes))
    }

    /// Mean absolute difference over all channels of all pixels (infinite for other sizes).
    func meanDifference(_ other: Bitmap) -> Double {
        guard width == other.width && height == other.height else { return .infinity }
        var total = 0
        for (a, b) in zip(pixels, other.pixels) where a != b {
            for shift in stride(from: 0, to: 32, by: 8) {
                total += abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
            }
        }
        return Double(total) / Double(pixels.count * 4)
    }

    /// Largest difference of any channel of any pixel (Int.max for other sizes).
    func maxDifference(_ other: Bitmap) -> Int {
        guard width == other.width && height == other.height else { return .max }
        var worst = 0
        for (a, b) in zip(pixels, other.pixels) where a != b {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }
}
