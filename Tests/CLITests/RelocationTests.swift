import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SIWAButtons
import Testing

/// The install layout of scripts/install.sh (`bin/siwa-buttons` and `bin/siwa-buttons-full`
/// beside `share/siwa-buttons/{Fonts,Templates,public}`), copied to a temporary folder: the copy
/// must find its own resources, from any working directory, and never the source tree's.
@Suite(.serialized) struct RelocationTests {
    /// A fresh copy of the built binary and the resources in a temporary prefix.
    static func installCopy() throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-install-\(UUID().uuidString)")
        let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/siwa-buttons")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        for binary in [Executable.siwaButtons, Executable.siwaButtonsFull] {
            try FileManager.default.copyItem(at: binary, to: bin.appendingPathComponent(binary.lastPathComponent))
        }
        for name in ["Fonts", "Templates", "public"] {
            try FileManager.default.copyItem(
                at: Executable.packageRoot.appendingPathComponent(name),
                to: share.appendingPathComponent(name))
        }
        return prefix
    }

    @Test("A copied install renders the source tree's bytes, from another working directory")
    func rendersFromCopy() throws {
        let prefix = try Self.installCopy()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let binary = prefix.appendingPathComponent("bin/siwa-buttons")
        for target in ["/appleid/button?locale=ar_SA&width=300&height=50", "/appleid/button/left?locale=zh_CN&type=continue"] {
            let result = try Executable.run(binary, ["render", target, "-o", "-"], in: URL(fileURLWithPath: "/"))
            #expect(result.status == 0, "\(result.stderr)")
            let request = try ButtonRequest.parse(target)
            #expect(
                result.stdout == Data(try ButtonRenderer.shared().render(request.spec, format: .png, scale: Double(request.scale))),
                "\(target)")
        }
        let generated = prefix.appendingPathComponent("assets")
        let generate = try Executable.run(
            binary,
            [
                "generate", "--out", generated.path, "--locales", "en_US",
                "--client-id", "com.example.web",
                "--redirect-uri", "https://example.com/callback",
            ])
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(FileManager.default.fileExists(atPath: generated.appendingPathComponent("index.html").path))
    }

    @Test("Without its share/ folder a copy says where it looked and stops, and never uses the source tree's")
    func missingResources() throws {
        let prefix = try Self.installCopy()
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.removeItem(at: prefix.appendingPathComponent("share"))
        let result = try Executable.run(
            prefix.appendingPathComponent("bin/siwa-buttons"),
            ["render", "/appleid/button", "-o", "-"], in: Executable.packageRoot)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let expected = prefix.appendingPathComponent("share/siwa-buttons/Fonts").standardizedFileURL.path
        #expect(result.stderr.contains("No fonts found in '\(expected)'"), "\(result.stderr)")
    }

    @Test("Without siwa-buttons-full beside it, a plain render still works and anything else says what is missing")
    func missingFullBinary() throws {
        let prefix = try Self.installCopy()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let full = prefix.appendingPathComponent("bin/siwa-buttons-full")
        try FileManager.default.removeItem(at: full)
        let binary = prefix.appendingPathComponent("bin/siwa-buttons")
        let render = try Executable.run(binary, ["render", "/appleid/button", "-o", "-"])
        #expect(render.status == 0 && !render.stdout.isEmpty, "\(render.stderr)")
        let help = try Executable.run(binary, ["--help"])
        #expect(help.status == 1 && help.stdout.isEmpty)
        #expect(
            help.stderrLines == [
                "Error: cannot run '\(full.path)', which runs every command but a plain `render`: No such file or directory (build it: swift build --product siwa-buttons-full)."
            ])
    }

    @Test("serve from a copy serves the copy's public/ folder")
    func servesCopiedEditor() async throws {
        let prefix = try Self.installCopy()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let marker = "relocation-marker-\(UUID().uuidString)"
        let index = prefix.appendingPathComponent("share/siwa-buttons/public/index.html")
        try (String(contentsOf: index, encoding: .utf8) + "<!-- \(marker) -->\n").write(to: index, atomically: true, encoding: .utf8)

        let port = try Self.freePort()
        let server = Process()
        server.executableURL = prefix.appendingPathComponent("bin/siwa-buttons")
        server.arguments = ["serve", "--port", String(port), "--log-level", "warning"]
        server.environment = Executable.userEnvironment
        server.currentDirectoryURL = URL(fileURLWithPath: "/")
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var page: String?
        for _ in 0..<300 where page == nil && server.isRunning {
            try await Task.sleep(for: .milliseconds(100))
            if let url = URL(string: "http://127.0.0.1:\(port)/"), let (data, _) = try? await URLSession.shared.data(from: url) {
                page = String(decoding: data, as: UTF8.self)
            }
        }
        #expect(page?.contains(marker) == true)
    }

    /// A port nothing listens on now: bound to 0 by the kernel, then released.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
