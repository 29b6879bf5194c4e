/// What one `GET /api/export.zip` may cost (`serve --export-max-files`, `--export-max-bytes`),
/// and how many run at once (`--exports`): a request past the file limit gets 400 with the
/// reason before anything is rendered. The answer starts with the set's first file, so an
/// archive that grows past the byte limit gets 400 only if its first file already does;
/// later it is cut there (the connection closes before the answer's end).
public struct ExportLimits: Sendable, Equatable {
    /// Files of the set (images, pages, manifest.json), counted before rendering.
    public var maxFiles: Int
    /// Bytes of the ZIP archive.
    public var maxBytes: Int
    /// Exports made at once. Each holds one render thread while its set is made and
    /// archived (the others stay free for images) and gives its slot back then, whether
    /// or not its client has read the archive (that holds a download place). The archive
    /// is streamed from a file, so memory does not grow with it (docs/performance.md).
    /// Beyond it: the line.
    public var concurrent: Int
    /// Requests that may wait for a slot; past it, 503 with Retry-After.
    public var line: Int
    /// How long one waits in line before it gets 503 with Retry-After.
    public var maxWait: Duration
    /// Archives made and not yet downloaded (waiting ones included): each holds its
    /// unlinked file, up to `maxBytes` of disk, until its client has it or leaves (or
    /// the connection's write timeout closes it). Beyond it: 503 at once.
    public var downloads: Int

    /// The limits of `serve`, each defaulting to its `default...` value.
    public init(
        maxFiles: Int = ExportLimits.defaultMaxFiles, maxBytes: Int = ExportLimits.defaultMaxBytes,
        concurrent: Int = ExportLimits.defaultConcurrent, line: Int = ExportLimits.defaultLine,
        maxWait: Duration = ExportLimits.defaultMaxWait, downloads: Int = ExportLimits.defaultDownloads
    ) {
        self.maxFiles = maxFiles
        self.maxBytes = maxBytes
        self.concurrent = concurrent
        self.line = line
        self.maxWait = maxWait
        self.downloads = downloads
    }

    /// The largest single-platform pack of generate's default matrix in all 37 locales is
    /// 6,909 files (android: PNG at five densities and VectorDrawable, night looks, locale
    /// folders; and the gallery's 37 pages); iOS is 4,054, the web layout 2,715, and every
    /// scale and format of the web layout 9,405. Counted by `Generator.fileCount`, as the
    /// tests check.
    public static let defaultMaxFiles = 10_000
    /// 256 MiB: the largest pack above (Android PNGs at five densities) is about 70 MB.
    public static let defaultMaxBytes = 256 << 20
    /// Two: a slow download holds one slot, not the service's exports.
    public static let defaultConcurrent = 2
    /// 32 requests in line for an export slot.
    public static let defaultLine = 32
    /// 30 seconds in line at most.
    public static let defaultMaxWait = Duration.seconds(30)
    /// 64: at most 16 GiB of disk at the default byte limit, in practice the sets' real
    /// sizes (tens of MB); slow readers beyond it cannot keep others from being served.
    public static let defaultDownloads = 64
}
