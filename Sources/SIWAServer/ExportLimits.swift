/// What one `GET /api/export.zip` may cost (`serve --export-max-files`, `--export-max-bytes`):
/// a request past either limit gets 400 with the reason, before anything is rendered for
/// the file count, as soon as the archive grows past the byte limit otherwise.
public struct ExportLimits: Sendable, Equatable {
    /// Files of the set (images, pages, manifest.json), counted before rendering.
    public var maxFiles: Int
    /// Bytes of the ZIP archive.
    public var maxBytes: Int
    /// Exports running at once; each holds one render thread for its whole run, so the
    /// other threads stay free for images. Beyond it: 503 with Retry-After.
    public var concurrent: Int

    public init(maxFiles: Int = ExportLimits.defaultMaxFiles, maxBytes: Int = ExportLimits.defaultMaxBytes, concurrent: Int = 1) {
        self.maxFiles = maxFiles
        self.maxBytes = maxBytes
        self.concurrent = concurrent
    }

    /// generate's default matrix in all 37 locales is 2,678 files (12 MB as a ZIP): the
    /// editor's "all languages" fits; every scale and format of it (5,354) does not.
    public static let defaultMaxFiles = 3_000
    /// 64 MiB.
    public static let defaultMaxBytes = 64 << 20
}
