import Foundation
import Synchronization

/// Told how far a batch is; called from the worker threads.
package protocol ProgressReporter: Sendable {
    func start(total: Int)
    func update(done: Int)
    func finish()
}

/// A one-line bar on a terminal, redrawn in place (`\r`) at most 20 times a second:
///
///     [##########..........]  1234/2676  46%
///
/// Only for terminals: in a log or pipe the carriage returns would be noise, so the
/// command uses it only when standard error is a TTY.
package final class ProgressBar: ProgressReporter, Sendable {
    private struct Drawn {
        var total = 0
        var lastDraw = 0.0
    }
    /// Also keeps two threads from writing a line at once.
    private let drawn = Mutex(Drawn())
    private let output: FileHandle
    private let width: Int

    package init(output: FileHandle = .standardError, width: Int = 30) {
        self.output = output
        self.width = width
    }

    /// True when `fd` is a terminal.
    package static func isTerminal(_ fd: Int32 = FileHandle.standardError.fileDescriptor) -> Bool {
        isatty(fd) == 1
    }

    package func start(total: Int) {
        drawn.withLock { drawn in
            drawn.total = total
            draw(done: 0, of: total)
        }
    }

    package func update(done: Int) {
        drawn.withLock { drawn in
            let now = ProcessInfo.processInfo.systemUptime
            guard done == drawn.total || now - drawn.lastDraw >= 0.05 else { return }
            drawn.lastDraw = now
            draw(done: done, of: drawn.total)
        }
    }

    package func finish() {
        drawn.withLock { _ in output.write(Data("\n".utf8)) }
    }

    private func draw(done: Int, of total: Int) {
        let share = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int(share * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let digits = String(total).count
        let count = String(repeating: " ", count: max(0, digits - String(done).count)) + String(done)
        output.write(Data("\r[\(bar)] \(count)/\(total) \(String(format: "%3d", Int(share * 100)))%".utf8))
    }
}
