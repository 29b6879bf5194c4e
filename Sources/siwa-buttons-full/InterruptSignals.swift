import Foundation
import Synchronization

/// SIGINT and SIGTERM during `generate`: instead of dying with a half-built staging
/// folder, the run stops before its next file, removes the staging folder and exits
/// 130 or 143 (128 + the signal, as a shell reports a killed command). A second signal
/// kills at once (the next run removes what that leaves).
///
/// The handler only writes the signal number to a pipe (async-signal-safe); `check()`,
/// called by the workers before each file, reads it.
final class InterruptSignals: Sendable {
    struct Interrupted: Error {
        let signal: Int32
        var name: String { signal == SIGINT ? "SIGINT" : "SIGTERM" }
    }

    private let received = Mutex<Int32?>(nil)

    init() {
        _ = signalPipe
        for signalNumber in [SIGINT, SIGTERM] {
            // A signal ignored on entry (nohup, a background job of a script) stays ignored.
            let previous = signal(signalNumber, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            signal(signalNumber) { signalNumber in
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(signalPipe.write, &byte, 1)
                signal(signalNumber, SIG_DFL)
            }
        }
    }

    /// Throws `Interrupted` once a signal came.
    func check() throws {
        let signal: Int32? = received.withLock { received in
            var byte: UInt8 = 0
            if received == nil, read(signalPipe.read, &byte, 1) == 1 { received = Int32(byte) }
            return received
        }
        if let signal { throw Interrupted(signal: signal) }
    }
}

/// Global because a C signal handler captures nothing; both ends non-blocking.
private let signalPipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    pipe(&fds)
    for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
    return (fds[0], fds[1])
}()
