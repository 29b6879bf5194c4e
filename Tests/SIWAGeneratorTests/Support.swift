import Foundation
import SIWAButtons
@testable import SIWAGenerator

/// A fresh folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Every file below the folder, relative and sorted.
    func files() -> [String] {
        let base = url.resolvingSymlinksInPath().path
        let all = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDir) && !isDir.boolValue
        }.sorted()
    }

    func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: url.appendingPathComponent(path).path) ?? Data())
    }
}

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

/// A size-limited tmpfs, to fill for real (needs root and mount(8); tests using it are
/// skipped elsewhere). Unmounted when released.
final class SmallFileSystem {
    let url: URL
    private let folder: TemporaryFolder

    static let available: Bool = {
        guard getuid() == 0, let probe = try? SmallFileSystem(size: "64k") else { return false }
        _ = probe
        return true
    }()

    init(size: String) throws {
        folder = try TemporaryFolder()
        url = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard run("/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path) == 0 else {
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    deinit { _ = run("/bin/umount", url.path) }
}

/// Runs a program quietly; its exit status.
@discardableResult
func run(_ program: String, _ arguments: String...) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
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
