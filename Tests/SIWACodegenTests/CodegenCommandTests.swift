import Foundation
import Testing
import SIWAButtons

/// `siwa-buttons codegen`: the repository's generated blocks are up to date, and on a copy
/// with a planted drift `--check` fails (status 1) and a plain run writes the block back.
@Suite struct CodegenCommandTests {
    @Test("codegen --check passes on the repository")
    func checkPasses() throws {
        let result = try Executable.siwa(["codegen", "--check", "--root", Executable.packageRoot.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("A changed default and title: --check fails naming the files, codegen writes them back")
    func plantedDrift() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let titles = "public/element/1/core/titles"
        for path in GeneratedJavaScript.blocks().map(\.path) + [titles] {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Executable.packageRoot.appendingPathComponent(path), to: target)
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
        let check = try Executable.siwa(["codegen", "--check", "--root", root.path])
        #expect(check.status == 1 && check.stderr.contains(GeneratedJavaScript.factsPath))
        #expect(check.stderr.contains("de_DE.generated.js"))
        let write = try Executable.siwa(["codegen", "--root", root.path])
        #expect(write.status == 0)
        #expect(try [facts, german].map { try String(contentsOf: $0, encoding: .utf8) } == originals)
    }
}
