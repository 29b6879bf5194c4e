import CSIWASystem
import SIWAFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `render -o -`: the bytes to file descriptor 1 with write(2). FileHandle traps on a
/// closed descriptor and SIGPIPE would kill the process on a closed pipe; both are
/// one line and status 1 instead.
package enum StandardOutput {
    package static func write(_ bytes: [UInt8]) throws {
        // Closed at start (`>&-`): now /dev/null, which would swallow the image.
        guard siwa_stdout_was_closed() == 0 else { throw CLIError("Cannot write to standard output: \(String(cString: strerror(EBADF))).") }
        signal(SIGPIPE, SIG_IGN)  // EPIPE from write(2) instead
        if let code = writeAll(1, bytes) {
            throw CLIError("Cannot write to standard output: \(String(cString: strerror(code))).")
        }
    }
}

/// Messages to file descriptor 2 with write(2), unbuffered, as FileHandle.standardError
/// writes them (without Foundation); a failed write is dropped, as there is no one to tell.
package enum StandardError {
    package static func write(_ text: String) {
        _ = writeAll(2, Array(text.utf8))
    }
}
