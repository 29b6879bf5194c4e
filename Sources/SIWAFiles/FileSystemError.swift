#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file: its errno and the path it was about.
/// The command line words it `Cannot write 'PATH': REASON.`
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
}
