import Foundation
import ZIPFoundation

/// A generated set as one ZIP file: every file of the folder, in path order, deflated,
/// each dated `entryDate` with mode 0644, so the same set always gives the same bytes.
///
/// ZIPFoundation writes each entry (local header, data, the header again with its CRC)
/// then the central directory after it; the next entry starts where that directory
/// was. So once an entry is added, every byte before the central directory is final:
/// `committed` reports that offset, and the service sends those bytes while the rest
/// is being written (`ExportStream`).
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
    /// file (a client gone stops the work). `created` is called once the file exists
    /// (to open it for reading), `committed` after each entry with the length of the
    /// final prefix.
    static func write(
        folder: URL, to archive: URL, maxBytes: Int, checkpoint: () throws -> Void = {},
        created: (URL) throws -> Void = { _ in }, committed: (Int) -> Void = { _ in }
    ) throws {
        let paths = try files(below: folder)
        // Closed (and flushed) when it goes out of scope, before the caller reads the file.
        let zip = try Archive(url: archive, accessMode: .create)
        try created(archive)
        for path in paths {
            try checkpoint()
            let data = try Data(contentsOf: folder.appendingPathComponent(path))
            try zip.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate,
                permissions: 0o644, compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
            // addEntry flushes the file: its size is the archive so far, central directory included.
            let (size, final) = try prefix(of: archive)
            if size > maxBytes { throw TooLarge(limit: maxBytes) }
            committed(final)
        }
    }

    /// The archive's size and where its central directory starts (read from the end of
    /// central directory record, the last 22 bytes while there is no comment; 0 if it is
    /// not there, as in a ZIP64 archive, which then is sent only once complete).
    static func prefix(of archive: URL) throws -> (size: Int, final: Int) {
        let handle = try FileHandle(forReadingFrom: archive)
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        guard size >= 22 else { return (size, 0) }
        try handle.seek(toOffset: UInt64(size - 22))
        let record = [UInt8](try handle.read(upToCount: 22) ?? Data())
        guard record.count == 22, record[0...3] == [0x50, 0x4b, 0x05, 0x06] else { return (size, 0) }
        let start = record[16...19].reversed().reduce(0) { $0 << 8 | Int($1) }
        return (size, start == 0xFFFF_FFFF || start > size ? 0 : start)
    }

    /// At most how many bytes the archive of `folder` takes: per file its local header
    /// and central directory entry (30 + 46 bytes and the name twice) and zlib's bound
    /// for deflating it (`deflateBound`: n + n/4096 + n/16384 + n/2^25 + 7, taken
    /// generously as n + n/1024 + 64), plus the end record. Known before a byte is
    /// written: a set under the limit by this bound can be sent as it is archived.
    static func bound(folder: URL) throws -> Int {
        let root = folder.standardizedFileURL.path
        return try files(below: folder).reduce(22) { total, path in
            let size = (try FileManager.default.attributesOfItem(atPath: root + "/" + path)[.size] as? Int) ?? 0
            return total + 76 + 2 * path.utf8.count + size + size / 1024 + 64
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
