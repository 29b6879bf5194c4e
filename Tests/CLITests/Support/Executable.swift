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

    static var siwaButtons: URL { productsDirectory.appendingPathComponent("siwa-buttons") }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `executable` to its end in `directory` with `environment` (nil: this process's,
    /// less the SIWA_* variables, so resources are found the way a user's shell would).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment ?? ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIWA_") }
        // stderr to a file, stdout through a pipe read to its end: two pipes could block
        // the child on the one not being read.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errBytes = (try? Data(contentsOf: errFile)) ?? Data()
        return Result(status: process.terminationStatus, stdout: outBytes, stderr: String(decoding: errBytes, as: UTF8.self))
    }

    /// `name` on PATH, or nil.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
