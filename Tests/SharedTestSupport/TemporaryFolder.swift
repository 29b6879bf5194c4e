import Foundation

/// A fresh folder under the system's temporary directory, removed when released.
public final class TemporaryFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `path` below the folder.
    public func callAsFunction(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Every file below the folder, relative and sorted.
    public func files() -> [String] {
        let base = url.resolvingSymlinksInPath().path
        let all = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDir) && !isDir.boolValue
        }.sorted()
    }

    public func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: url.appendingPathComponent(path).path) ?? Data())
    }
}
