import Foundation

/// Runs built executables of the package and the tools the tests compare with.
enum Executable {
    /// The folder of the products of this build (`.build/debug`): the test bundle lives there.
    static let productsDirectory: URL = {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
        // macOS: .build/debug/X.xctest/Contents/MacOS/X
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// The package's root (sources, Fonts/, Templates/, public/).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The command users run; it hands all but a plain `render` to `siwaButtonsFull`.
    static var siwaButtons: URL { productsDirectory.appendingPathComponent("siwa-buttons") }
    static var siwaButtonsFull: URL { productsDirectory.appendingPathComponent("siwa-buttons-full") }

    struct Result {
        var status: Int32
        /// `.uncaughtSignal` when a signal ended it (`status` is then the signal's number).
        var reason: Process.TerminationReason = .exit
        var stdout: Data
        var stderr: String

        /// Standard output as text.
        var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard error without its final newline, split into lines.
        var stderrLines: [Substring] {
            stderr.hasSuffix("\n")
                ? stderr.dropLast().split(separator: "\n", omittingEmptySubsequences: false) : stderr.split(separator: "\n")
        }
    }

    /// Runs `executable` to its end in `directory` with `environment` (nil: this process's,
    /// less the SIWA_* variables, so resources are found the way a user's shell would).
    /// `standardOutput` replaces the pipe read into `Result.stdout`. A run longer than
    /// `timeout` is killed (a hung command fails its test instead of hanging the suite).
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String]? = nil, standardOutput: FileHandle? = nil,
        timeout: TimeInterval = 300
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment ?? userEnvironment
        // stderr to a file, stdout through a pipe read to its end: two pipes could block
        // the child on the one not being read.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let out = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        let watchdog = DispatchWorkItem { [pid = process.processIdentifier] in kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        var outBytes = Data()
        if standardOutput == nil {
            outBytes = out.fileHandleForReading.readDataToEndOfFile()
        }
        process.waitUntilExit()
        let errBytes = (try? Data(contentsOf: errFile)) ?? Data()
        return Result(
            status: process.terminationStatus, reason: process.terminationReason, stdout: outBytes,
            stderr: String(decoding: errBytes, as: UTF8.self))
    }

    /// `siwa-buttons arguments...`, as `run` runs it.
    static func siwa(
        _ arguments: [String], in directory: URL? = nil, standardOutput: FileHandle? = nil,
        timeout: TimeInterval = 300
    ) throws -> Result {
        try run(siwaButtons, arguments, in: directory, standardOutput: standardOutput, timeout: timeout)
    }

    /// This process's environment less the SIWA_* variables.
    static var userEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIWA_") }
    }

    /// `name` on PATH, or nil.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
