import Foundation
import SharedTestSupport
import Testing

/// The YAML example of docs/generate.md, run as written: `generate --config buttons.yml`
/// (the command on its first line) in an empty folder. It failed twice before: a
/// preset refused a format, then a templates folder that does not exist.
@Suite struct DocumentedConfigTests {
    /// The fenced `yaml` block whose first line is the command that reads it.
    static func example() throws -> (command: [String], yaml: String) {
        let reference = try String(contentsOf: Executable.packageRoot.appendingPathComponent("docs/generate.md"), encoding: .utf8)
        let blocks = reference.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let yaml = try #require(blocks.first { $0.hasPrefix("# siwa-buttons generate --config ") })
        let command = yaml.split(separator: "\n")[0].dropFirst("# siwa-buttons ".count).split(separator: " ").map(String.init)
        return (command, yaml + "\n")
    }

    @Test("The configuration file example of docs/generate.md runs as written")
    func yamlExampleRuns() throws {
        let (command, yaml) = try Self.example()
        #expect(command == ["generate", "--config", "buttons.yml", "--out", "dist/"])
        let tmp = try TemporaryFolder()
        try yaml.write(to: tmp("buttons.yml"), atomically: true, encoding: .utf8)
        let result = try Executable.siwa(command, in: tmp.url)
        #expect(result.status == 0, "\(result.stderr)")
        let files = tmp.files()
        #expect(files.contains("dist/manifest.json") && files.contains("dist/web/snippet.html"))
        #expect(files.contains { $0.hasPrefix("dist/ios/Buttons.xcassets/") } && files.contains { $0.hasPrefix("dist/android/res/") })
    }
}
