import Foundation
import ZIPFoundation

/// A generated set as one ZIP file, written a file at a time as the generator makes
/// them (in the order it makes them: images, pages, `manifest.json`), deflated, each
/// entry dated `entryDate` with mode 0644, so the same set always gives the same bytes.
///
/// ZIPFoundation writes each entry (local header, data, the header again with its CRC)
/// then the central directory after it; the next entry starts where that directory
/// was. So once an entry is added, every byte before the central directory is final:
/// `add` returns that offset, and the service sends those bytes while the rest is
/// being made (`ExportStream`). Entries are added one at a time, under a lock.
final class SetArchive: @unchecked Sendable {
    /// 2001-01-01 00:00 UTC, the date every entry carries (ZIP dates have no time zone;
    /// ZIPFoundation writes them in UTC).
    static let entryDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The archive passed the limit; nothing of it is kept.
    struct TooLarge: Error {
        var limit: Int
    }

    private let url: URL
    private let maxBytes: Int
    private let zip: Archive
    private let lock = NSLock()

    /// Creates the (empty) archive file at `url`; `add` throws `TooLarge` as soon as it
    /// passes `maxBytes`.
    init(creating url: URL, maxBytes: Int) throws {
        self.url = url
        self.maxBytes = maxBytes
        zip = try Archive(url: url, accessMode: .create)
    }

    /// Adds one file and returns the length of the archive's final prefix (every byte
    /// before the central directory).
    func add(_ path: String, _ bytes: [UInt8]) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        let data = Data(bytes)
        try zip.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: Self.entryDate,
            permissions: 0o644, compressionMethod: .deflate
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        // addEntry flushes the file: its size is the archive so far, central directory included.
        let (size, final) = try Self.prefix(of: url)
        if size > maxBytes { throw TooLarge(limit: maxBytes) }
        return final
    }

    /// The whole archive's size: every entry added, the central directory written.
    var size: Int {
        get throws { try Self.prefix(of: url).size }
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
}
