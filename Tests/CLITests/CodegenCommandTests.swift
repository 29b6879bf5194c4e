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

    @Test("A changed title: --check fails naming the file, codegen writes it back")
    func plantedDrift() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for block in GeneratedJavaScript.blocks() {
            let target = root.appendingPathComponent(block.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Executable.packageRoot.appendingPathComponent(block.path), to: target)
        }
        let element = root.appendingPathComponent(GeneratedJavaScript.factsPath)
        let original = try String(contentsOf: element, encoding: .utf8)
        let drifted = original.replacing("\"Mit Apple anmelden\"", with: "\"Mit Apple einloggen\"")
        #expect(drifted != original)
        try Data(drifted.utf8).write(to: element)
        let check = try Executable.siwa(["codegen", "--check", "--root", root.path])
        #expect(check.status == 1 && check.stderr.contains(GeneratedJavaScript.factsPath))
        let write = try Executable.siwa(["codegen", "--root", root.path])
        #expect(write.status == 0)
        #expect(try String(contentsOf: element, encoding: .utf8) == original)
    }
}
