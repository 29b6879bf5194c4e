#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file: its errno and the path it was about.
package struct FileSystemError: Error, CustomStringConvertible, Equatable {
    package let code: Int32
    package let path: String

    package init(_ code: Int32 = errno, path: String) {
        self.code = code
        self.path = path
    }

    /// strerror's words: "No space left on device".
    package var reason: String { String(cString: strerror(code)) }

    package var description: String { "'\(path)': \(reason)" }

    /// The command line's one line for it: `Cannot write 'dist/a.png': No space left on
    /// device.`, naming `path` instead when given (the generator names a file relative to
    /// the output folder).
    package func message(naming path: String? = nil) -> String {
        "Cannot write '\(path ?? self.path)': \(reason)."
    }
}
