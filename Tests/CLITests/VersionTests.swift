import Foundation
import Testing
import SIWAButtons

@Suite struct VersionTests {
    @Test("--version prints the package's release, from both binaries, and CHANGELOG.md names it")
    func version() throws {
        #expect(PackageVersion.current.wholeMatch(of: /\d+\.\d+\.\d+/) != nil)
        for binary in [Executable.siwaButtons, Executable.siwaButtonsFull] {
            let result = try Executable.run(binary, ["--version"])
            #expect(result.status == 0)
            #expect(result.output == PackageVersion.current + "\n")
        }
        let changelog = try String(contentsOf: Executable.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(
            changelog.contains("## [\(PackageVersion.current)]"),
            "CHANGELOG.md has no section for \(PackageVersion.current): move Unreleased under it")
    }
}
