import Foundation

/// Ends the process with one line on standard error and status 1 once `seconds` have
/// passed: for work inside a C library that cannot be cancelled (librsvg reading an SVG).
enum TimeLimit {
    static func start(seconds: Int, message: String) {
        let line = Array((message + "\n").utf8)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Double(seconds))
            line.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
            _exit(1)
        }
    }
}
