import Foundation
import Testing
import SIWARenderJob

/// `siwa-buttons` draws a plain `render` line itself, without the argument parser; it must
/// behave exactly as `siwa-buttons-full`'s parsed `render`: `--fonts-dir` (not a plain
/// line) sends the same command there.
@Suite struct PlainRenderTests {
    @Test("Plain render lines are recognised; anything else is left to the parser")
    func recognised() {
        #expect(PlainRender(["render", "/appleid/button", "-o", "b.png"])?.job.output == "b.png")
        #expect(PlainRender(["render", "--output", "-", "/appleid/button?locale=ar_SA", "--format", "svg"])?.job.format == .svg)
        #expect(PlainRender(["render", "/appleid/button", "-o", "b.png", "--format", "webp"])?.job.format == .webp)
        for line in [
            ["generate"], ["render", "/appleid/button"], ["render", "-o", "b.png"],
            ["render", "/appleid/button", "-o", ""], ["render", "/a", "/b", "-o", "b.png"],
            ["render", "/appleid/button", "-o", "b.png", "--format", "jpg"],
            ["render", "/appleid/button", "-o", "b.png", "-o", "c.png"],
            ["render", "/appleid/button", "-o", "b.png", "--help"],
            ["render", "/appleid/button", "--output=b.png"], ["render", "/appleid/button", "-o"],
        ] {
            #expect(PlainRender(line) == nil, "\(line)")
        }
    }

    @Test(
        "Same bytes, messages and exit codes as through the parser",
        arguments: [
            ["/appleid/button/left?locale=zh_CN&type=continue&width=260&height=44&scale=2", "-o", "OUT/b.png"],
            ["/appleid/button?locale=ar_SA", "-o", "-", "--format", "svg"],
            ["/appleid/button/logo?size=44", "--output", "OUT/l.pdf"],
            ["/appleid/button?locale=ar_SA&scale=2", "-o", "OUT/b.webp"],
            ["/appleid/button?width=200", "-o", "-", "--format", "webp"],
            ["/appleid/button?width=999", "-o", "OUT/x.png"],
            ["/appleid/button", "-o", "OUT/x.jpg"],
            ["/appleid/button?format=svg", "-o", "OUT/x.png"],
            ["/appleid/button", "-o", "/nonexistent-folder/x.png"],
        ])
    func sameAsParsed(arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ extra: [String], into name: String) throws -> (Executable.Result, Data?) {
            let out = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let line = ["render"] + arguments.map { $0.replacingOccurrences(of: "OUT", with: out.path) } + extra
            let result = try Executable.run(Executable.siwaButtons, line)
            let file = arguments.firstIndex(where: { $0.hasPrefix("OUT/") }).map {
                out.appendingPathComponent(String(arguments[$0].dropFirst(4)))
            }
            return (result, file.flatMap { try? Data(contentsOf: $0) })
        }
        let fonts = Executable.packageRoot.appendingPathComponent("Fonts").path
        let (plain, plainFile) = try run([], into: "plain")
        let (parsed, parsedFile) = try run(["--fonts-dir", fonts], into: "parsed")
        #expect(plain.status == parsed.status)
        #expect(plain.stderr == parsed.stderr)
        #expect(plain.stdout == parsed.stdout)
        #expect(plainFile == parsedFile)
        if plain.status == 0 { #expect(plainFile != nil || !plain.stdout.isEmpty) }
    }
}

extension PlainRender: Equatable {
    package static func == (a: PlainRender, b: PlainRender) -> Bool {
        a.job.request == b.job.request && a.job.output == b.job.output && a.job.format == b.job.format
    }
}
