import Foundation
import Testing

extension Executable.Result {
    /// A file error as a user sees it: status 1, nothing on standard output, one line on
    /// standard error holding `message`.
    func expectFileError(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 1, "\(stderr)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(stderrLines.count == 1, "\(stderr)", sourceLocation: sourceLocation)
        #expect(stderr.contains(message), "\(stderr)", sourceLocation: sourceLocation)
    }
}

/// The names in `folder`, hidden ones included, sorted.
func entries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
