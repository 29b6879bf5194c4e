import Foundation
import SIWAButtons
@testable import SIWAGenerator

/// A hostile client id from the issue.
let hostileClientId = "a\"</script><script>alert(1)</script>"

func generator(_ config: GeneratorConfiguration, templates: URL? = nil) throws -> Generator {
    Generator(configuration: config, renderer: try ButtonRenderer.shared(), templates: try TemplateSet.load(override: templates))
}

/// A small matrix that still has every mode, two styles, two locales (one RTL) and two scales.
func smallConfiguration() -> GeneratorConfiguration {
    var config = GeneratorConfiguration()
    config.types = [.signIn, .continue]
    config.styles = [.black, .whiteOutline]
    config.locales = [ButtonLocale(code: "en_US")!, ButtonLocale(code: "ar_SA")!]
    config.scales = [1, 2]
    config.formats = [.png, .svg]
    return config
}

/// Runs /usr/bin/sha256sum on files of a folder and returns the digests in order.
func sha256sum(_ folder: URL, names: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.currentDirectoryURL = folder
    process.arguments = names
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.prefix(64)) }
}

/// Whether every file `manifest.json` lists is there with the listed size and sha256.
/// Returns the paths that are not.
func filesDifferingFromManifest(_ folder: URL) throws -> [String] {
    let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
    let manifest = try Manifest.decode(Array(data))
    let listed = manifest.files.map { ($0.path, $0.bytes, $0.sha256) } + manifest.pages.map { ($0.path, $0.bytes, $0.sha256) }
    return listed.filter { path, bytes, sha256 in
        let contents = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map(Array.init)
        return contents?.count != bytes || contents.map(Checksum.sha256) != sha256
    }.map(\.0)
}
