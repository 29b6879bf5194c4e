import Foundation
import SharedTestSupport
import Testing

/// `siwa-buttons lint` as a user runs it: exit 0 without errors, 1 with errors (or
/// warnings with --strict) or a file that cannot be read, 64 for usage mistakes; one-line
/// errors; and the findings `render` and `generate` report.
@Suite struct LintCommandTests {
    static func json(_ result: Executable.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test("Requests: clean 0; an error 1 naming the rule; warnings alone 0, with --strict 1")
    func requests() throws {
        let clean = try Executable.siwa(["lint", "/appleid/button?width=250&height=44"])
        #expect(clean.status == 0 && clean.output.contains("0 errors, 0 warnings"), "\(clean.output)")
        let narrow = try Executable.siwa(["lint", "/appleid/button?width=130&height=30"])
        #expect(narrow.status == 1)
        #expect(narrow.output.contains("error [min-width] Minimum width: width 130 pt"), "\(narrow.output)")
        let squeezed = try Executable.siwa(["lint", "/appleid/button?width=140&height=64"])
        #expect(squeezed.status == 0 && squeezed.output.contains("warning [title-size]"), "\(squeezed.output)")
        #expect(try Executable.siwa(["lint", "/appleid/button?width=140&height=64", "--strict"]).status == 1)
    }

    @Test("--json with a page, other buttons and a margin: the findings and Apple's recommendation")
    func context() throws {
        let result = try Executable.siwa([
            "lint", "/appleid/button", "--background", "#ffffff,#000000",
            "--beside", "200x44", "--margin", "1", "--json",
        ])
        #expect(result.status == 1)
        let report = try Self.json(result)
        let ids = (report["findings"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["background-contrast", "clear-space", "prominence"])
        #expect((report["recommendations"] as? [String: Any])?["dark"] as? [String] == ["white"])
    }

    @Test("Images: our render passes; the scale from an @2x name, else 1; --annotate; an SVG; a WebP")
    func images() throws {
        let tmp = try TemporaryFolder()
        let ok = try Executable.siwa(["render", "/appleid/button?width=250&height=44&scale=2", "-o", tmp("ok.png").path])
        #expect(ok.status == 0 && ok.stderr.isEmpty, "\(ok.stderr)")
        #expect(try Executable.siwa(["lint", tmp("ok.png").path, "--scale", "2"]).status == 0)
        try FileManager.default.copyItem(at: tmp("ok.png"), to: tmp("ok@2x.png"))
        #expect(try Executable.siwa(["lint", tmp("ok@2x.png").path]).status == 0)
        let asOne = try Executable.siwa(["lint", tmp("ok.png").path, "--json"])
        #expect(asOne.status == 0)
        #expect(((try Self.json(asOne))["measurement"] as? [String: Any])?["widthPoints"] as? Int == 500)

        let small = try Executable.siwa(["render", "/appleid/button?width=130&height=30&scale=2", "-o", tmp("small.png").path])
        #expect(small.stderr.hasPrefix("HIG error [min-width]"), "\(small.stderr)")
        let annotated = try Executable.siwa(["lint", tmp("small.png").path, "--scale", "2", "--annotate", tmp("a.png").path])
        #expect(annotated.status == 1)
        #expect((pngSize(tmp.bytes("a.png"))?.width ?? 0) > 260)

        _ = try Executable.siwa(["render", "/appleid/button?width=130&height=30", "-o", tmp("small.svg").path])
        let svg = try Executable.siwa(["lint", tmp("small.svg").path])
        #expect(svg.status == 1 && svg.output.contains("[min-width]"), "\(svg.output)")

        // WebP, named as the generator names it: the scale from "@2x", and --annotate.
        _ = try Executable.siwa(["render", "/appleid/button?width=130&height=30&scale=2", "-o", tmp("small@2x.webp").path])
        let webp = try Executable.siwa(["lint", tmp("small@2x.webp").path, "--annotate", tmp("w.png").path])
        #expect(webp.status == 1 && webp.output.contains("[min-width]") && webp.output.contains("130 pt wide"), "\(webp.output)")
        #expect((pngSize(tmp.bytes("w.png"))?.width ?? 0) > 260)
    }

    @Test("render --strict writes nothing for a button with errors")
    func renderStrict() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa(["render", "/appleid/button?width=130&height=30", "-o", tmp("s.png").path, "--strict"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: --strict"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp("s.png").path))
    }

    @Test("generate: findings per file in the manifest, badges in the gallery, one note")
    func generate() throws {
        let tmp = try TemporaryFolder()
        let result = try Executable.siwa([
            "generate", "--out", tmp("set").path, "--modes", "center", "--types", "sign-in",
            "--styles", "black", "--sizes", "130x30,250x44", "--scales", "1", "--formats", "png",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.contains("Note: 1 image breaks Apple's rules (min-width)"), "\(result.output)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(tmp.bytes("set/manifest.json"))) as? [String: Any])
        var findings: [String: [String]] = [:]
        for file in manifest["files"] as? [[String: Any]] ?? [] {
            findings[file["path"] as? String ?? ""] = (file["findings"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        }
        #expect(
            findings == [
                "center/sign-in/black/en_US/button-130x30@1x.png": ["min-width"],
                "center/sign-in/black/en_US/button-250x44@1x.png": [],
            ])
        #expect(String(decoding: tmp.bytes("set/index.html"), as: UTF8.self).contains(#"badge-error">error · min-width"#))
    }

    @Test(
        "Usage mistakes: status 64 and one line",
        arguments: [
            (["/appleid/button", "--background", "pink"], "Error: --background: 'pink' is not a colour"),
            (["/appleid/button", "--beside", "200by44"], "Error: --beside: '200by44' is not a size"),
            (["/appleid/button", "--scale", "2"], "--scale is for images"),
            ([], "Error: give a request ('/appleid/button?...') or a PNG, WebP or SVG file."),
            (["/appleid/button?width=20"], "Invalid value '20' for parameter 'width'"),
        ] as [([String], String)])
    func usage(arguments: [String], message: String) throws {
        let result = try Executable.siwa(["lint"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("--help: the usage on standard output, nothing on standard error")
    func help() throws {
        let result = try Executable.siwa(["lint", "--help"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.output.contains("USAGE: siwa-buttons lint"))
    }

    @Test("Files: unreadable or not an image 1, a bad --annotate name 64, an unwritable one 1; too small to measure 1")
    func files() throws {
        let tmp = try TemporaryFolder()
        _ = try Executable.siwa(["render", "/appleid/button?width=250&height=44", "-o", tmp("ok.png").path])
        try Data("not an image\n".utf8).write(to: tmp("notes.txt"))
        func expect(
            _ status: Int32, _ message: String, _ arguments: [String],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let result = try Executable.siwa(["lint"] + arguments)
            #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        }
        try expect(64, "--annotate: give a .png file name.", [tmp("ok.png").path, "--annotate", tmp("out.jpg").path])
        try expect(1, "Cannot read '\(tmp("none.png").path)': no such file.", [tmp("none.png").path])
        try expect(1, "Cannot read '\(tmp("notes.txt").path)': not a PNG, WebP or SVG image.", [tmp("notes.txt").path])
        try expect(1, "Cannot write '/nonexistent/a.png'", [tmp("ok.png").path, "--annotate", "/nonexistent/a.png"])
        try Data(Self.whitePNG(side: 8)).write(to: tmp("tiny.png"))
        try expect(1, "too small to measure", [tmp("tiny.png").path])
    }

    @Test("An SVG that librsvg would take minutes to read: one line and status 1 after --time-limit")
    func svgTimeLimit() throws {
        let tmp = try TemporaryFolder()
        // feTurbulence with 100 octaves over 4096 x 4096: 76 s inside librsvg, measured.
        try Data(
            ("<svg xmlns='http://www.w3.org/2000/svg' width='4096' height='4096'><filter id='t'>"
                + "<feTurbulence baseFrequency='0.01' numOctaves='100'/></filter>"
                + "<rect width='4096' height='4096' filter='url(#t)'/></svg>").utf8
        ).write(to: tmp("slow.svg"))
        let started = Date()
        let result = try Executable.siwa(["lint", tmp("slow.svg").path, "--time-limit", "2"])
        #expect(result.status == 1)
        #expect(result.stderrLines == ["Error: '\(tmp("slow.svg").path)' took longer than 2 s to read; not linted (see --time-limit)."])
        #expect(Date().timeIntervalSince(started) < 10)
        let bad = try Executable.siwa(["lint", tmp("slow.svg").path, "--time-limit", "0"])
        #expect(bad.status == 64 && bad.stderr.contains("--time-limit must be from 1 to 3600 seconds."))
    }

    @Test("An SVG that would take gigabytes (100 KB of text, over 1 MiB): one line and status 1, at once")
    func svgMemoryLimit() throws {
        let tmp = try TemporaryFolder()
        // 100 KB of text in one <text>: over 120 s and gigabytes inside librsvg, unbounded.
        let text = String(repeating: "Sign in with Apple ", count: 5_300)
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='200' height='40'><text y='20'>\(text)</text></svg>".utf8)
            .write(to: tmp("large.svg"))
        let result = try Executable.siwa(["lint", tmp("large.svg").path])
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                "Error: Cannot read '\(tmp("large.svg").path)': reading it needs more than the 320 MB of memory lint allows."
            ])
        let huge = String(repeating: "<g/>", count: 300_000)
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='200' height='40'>\(huge)</svg>".utf8).write(to: tmp("huge.svg"))
        let refused = try Executable.siwa(["lint", tmp("huge.svg").path])
        #expect(refused.status == 1)
        #expect(
            refused.stderrLines == [
                "Error: Cannot read '\(tmp("huge.svg").path)': the SVG is 1200070 bytes, more than the 1 MiB a button's may be."
            ])
    }

    /// An 8x8 white greyscale PNG, written by hand (no library in the way).
    static func whitePNG(side: Int) -> [UInt8] {
        func be32(_ n: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((n >> $0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        // Stored (uncompressed) deflate block of the rows: filter byte 0, then white.
        let raw = (0..<side).flatMap { _ in [0] + [UInt8](repeating: 0xFF, count: side) }
        let len = raw.count
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF), UInt8((~len >> 8) & 0xFF)]
        zlib += raw
        var a = 1, b = 0
        for byte in raw { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        zlib += be32(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(side) + be32(side) + [8, 0, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
