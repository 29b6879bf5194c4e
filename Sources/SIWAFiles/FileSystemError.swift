#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file: its errno and the path it was about.
public struct FileSystemError: Error, CustomStringConvertible, Equatable {
    public let code: Int32
    public let path: String

    public init(_ code: Int32 = errno, path: String) {
        self.code = code
        self.path = path
    }

    /// strerror's words: "No space left on device".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "'\(path)': \(reason)" }

    /// The command line's one line for it: `Cannot write 'dist/a.png': No space left on
    /// device.`, naming `path` instead when given (the generator names a file relative to
    /// the output folder).
    public func message(naming path: String? = nil) -> String {
        "Cannot write '\(path ?? self.path)': \(reason)."
    }
}
