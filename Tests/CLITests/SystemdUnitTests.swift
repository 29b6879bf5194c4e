import Foundation
import Testing

/// deploy/siwa-buttons.service is a unit systemd accepts, running the installed binary.
@Suite struct SystemdUnitTests {
    /// scripts/setup.sh installs systemd-analyze (Debian's systemd package).
    @Test("systemd-analyze verify accepts the unit, with no warning")
    func verify() throws {
        let unit = try String(
            contentsOf: Executable.packageRoot.appendingPathComponent("deploy/siwa-buttons.service"),
            encoding: .utf8)
        let installed = "/opt/siwa-buttons/bin/siwa-buttons"
        #expect(unit.contains("ExecStart=\(installed) serve"))
        // verify checks that ExecStart exists: point it at this build's binary.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("siwa-buttons.service")
        try unit.replacingOccurrences(of: installed, with: Executable.siwaButtons.path)
            .write(to: copy, atomically: true, encoding: .utf8)
        let result = try Executable.run(try #require(Executable.tool("systemd-analyze")), ["verify", copy.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
