import Foundation

/// The folder a set is written to. A rerun with a smaller matrix must not leave the
/// old files behind (the folder would no longer match its manifest), but the folder
/// may hold other things too: so only files the previous `manifest.json` listed are
/// removed, and only paths of the shape this generator writes.
struct OutputFolder {
    let url: URL

    static let manifestName = "manifest.json"

    /// Removes the files of the previous run that this run does not write, then any
    /// folders left empty by that. Returns the removed paths.
    @discardableResult
    func removeStale(keeping paths: Set<String>) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: url.appendingPathComponent(Self.manifestName).path),
              let previous = try? Manifest.decode(Array(data)) else { return [] }
        let stale = Set(previous.files.map(\.path) + previous.pages.map(\.path))
            .subtracting(paths).filter(Self.isGeneratedPath).sorted()
        var removed: [String] = []
        for path in stale {
            // Only a regular file reached through real folders: never a folder (a manifest
            // entry "center" must not take the tree with it) and never through a symlink.
            guard isPlainFile(path) else { continue }
            try FileManager.default.removeItem(at: url.appendingPathComponent(path))
            removed.append(path)
            var dir = (path as NSString).deletingLastPathComponent
            while !dir.isEmpty {
                let folder = url.appendingPathComponent(dir)
                guard let left = try? FileManager.default.contentsOfDirectory(atPath: folder.path), left.isEmpty else { break }
                try FileManager.default.removeItem(at: folder)
                dir = (dir as NSString).deletingLastPathComponent
            }
        }
        return removed
    }

    /// Whether `path` is a regular file and every folder on the way is a real folder.
    private func isPlainFile(_ path: String) -> Bool {
        let segments = path.split(separator: "/").map(String.init)
        for end in 1...segments.count {
            let item = url.appendingPathComponent(segments[..<end].joined(separator: "/")).path
            // attributesOfItem does not follow a final symlink: a link reports .typeSymbolicLink.
            guard let type = (try? FileManager.default.attributesOfItem(atPath: item))?[.type] as? FileAttributeType
            else { return false }
            if type != (end == segments.count ? .typeRegular : .typeDirectory) { return false }
        }
        return true
    }

    /// Relative, `/`-separated, segments of `[A-Za-z0-9_@.-]` that are not `.` or `..`:
    /// a hand-edited manifest cannot make a rerun delete anything outside the folder.
    static func isGeneratedPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty && segments.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".." && segment.utf8.allSatisfy {
                switch $0 {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "@"),
                     UInt8(ascii: "."), UInt8(ascii: "-"): true
                default: false
                }
            }
        }
    }

    /// Atomic, so a failed write never leaves a half-written page or manifest.
    func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: url.appendingPathComponent(path), options: .atomic)
    }
}
