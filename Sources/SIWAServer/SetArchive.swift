import Foundation
import ZIPFoundation

/// A generated set as one ZIP file: every file of the folder, in path order, deflated,
/// each dated `entryDate` with mode 0644, so the same set always gives the same bytes.
enum SetArchive {
    /// 2001-01-01 00:00 UTC, the date every entry carries (ZIP dates have no time zone;
    /// ZIPFoundation writes them in UTC).
    static let entryDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The archive would be larger than the limit; nothing of it is kept.
    struct TooLarge: Error {
        var limit: Int
    }

    /// Writes the files below `folder` to a new ZIP file at `archive`. Throws `TooLarge`
    /// as soon as the archive passes `maxBytes`; `checkpoint` is called before each
    /// file (a client gone stops the work).
    static func write(folder: URL, to archive: URL, maxBytes: Int, checkpoint: () throws -> Void = {}) throws {
        let paths = try files(below: folder)
        // Closed (and flushed) when it goes out of scope, before the caller reads the file.
        let zip = try Archive(url: archive, accessMode: .create)
        for path in paths {
            try checkpoint()
            let data = try Data(contentsOf: folder.appendingPathComponent(path))
            try zip.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate,
                             permissions: 0o644, compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
            // addEntry flushes the file: its size is the archive so far, central directory included.
            let size = (try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int) ?? 0
            if size > maxBytes { throw TooLarge(limit: maxBytes) }
        }
    }

    /// The regular files below `folder`, as `/`-separated relative paths in byte order.
    static func files(below folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
        }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { paths.append(path) }
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
