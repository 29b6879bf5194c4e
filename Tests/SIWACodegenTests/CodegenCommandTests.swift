import Foundation
import Testing

@testable import siwa_codegen

/// `swift run siwa-codegen`: the repository's generated files are up to date, on a copy
/// with a planted drift `--check` fails (status 1) and a plain run writes the files back,
/// and outside a checkout it says where it runs. The built binary is run, as a developer runs it.
@Suite struct CodegenCommandTests {
    @Test("siwa-codegen --check passes on the repository")
    func checkPasses() throws {
        let result = try Self.codegen(["--check", "--root", GeneratedJavaScriptTests.root.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("A changed default and title: --check fails naming the files, siwa-codegen writes them back")
    func plantedDrift() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let titles = TitleModules.folder
        for path in GeneratedJavaScript.blocks().map(\.path) + [titles] {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: GeneratedJavaScriptTests.root.appendingPathComponent(path), to: target)
        }
        let facts = root.appendingPathComponent(GeneratedJavaScript.factsPath)
        let german = root.appendingPathComponent(titles + "/de_DE.generated.js")
        let originals = try [facts, german].map { try String(contentsOf: $0, encoding: .utf8) }
        let drifted = [
            originals[0].replacing("  width: '140',", with: "  width: '141',"),
            originals[1].replacing("\"Mit Apple anmelden\"", with: "\"Mit Apple einloggen\""),
        ]
        #expect(drifted != originals)
        for (file, text) in zip([facts, german], drifted) { try Data(text.utf8).write(to: file) }
        let check = try Self.codegen(["--check", "--root", root.path])
        #expect(check.status == 1 && check.stderr.contains(GeneratedJavaScript.factsPath), "\(check.stderr)")
        #expect(check.stderr.contains("de_DE.generated.js"))
        let write = try Self.codegen(["--root", root.path])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(try [facts, german].map { try String(contentsOf: $0, encoding: .utf8) } == originals)
    }

    @Test("siwa-codegen outside a source checkout is one line saying where it runs")
    func outsideACheckout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [[], ["--check"]] {
            let result = try Self.codegen(arguments, in: folder)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: siwa-codegen rewrites files of a siwa-buttons source checkout, and '"), "\(result.stderr)")
            #expect(result.stderr.contains("--root") && !result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        }
    }

    /// The built `siwa-codegen` (beside this test bundle in `.build/debug`), run to its end.
    static func codegen(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, stderr: String) {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var products = URL(fileURLWithPath: me).deletingLastPathComponent()
        // macOS: .build/debug/X.xctest/Contents/MacOS/X
        while products.pathExtension == "xctest" || ["MacOS", "Contents"].contains(products.lastPathComponent) {
            products.deleteLastPathComponent()
        }
        let process = Process()
        process.executableURL = products.appendingPathComponent("siwa-codegen")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Standard output read to its end first: standard error is a line or two, which
        // its pipe's buffer holds meanwhile.
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }
}
