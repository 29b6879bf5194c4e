import Foundation

/// A size-limited tmpfs, to fill for real (needs root and mount(8); tests using it are
/// skipped elsewhere). Unmounted when released.
public final class SmallFileSystem {
    public let url: URL
    private let folder: TemporaryFolder

    public static let available: Bool = {
        guard getuid() == 0, let probe = try? SmallFileSystem(size: "64k") else { return false }
        _ = probe
        return true
    }()

    /// `options` are mount(8)'s beside the size, e.g. `ro`.
    public init(size: String, options: [String] = []) throws {
        folder = try TemporaryFolder()
        url = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard quietly("/bin/mount", "-t", "tmpfs", "-o", (["size=\(size)"] + options).joined(separator: ","), "tmpfs", url.path) == 0 else {
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    deinit { _ = quietly("/bin/umount", url.path) }
}

/// Runs a program quietly; its exit status.
private func quietly(_ program: String, _ arguments: String...) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}
