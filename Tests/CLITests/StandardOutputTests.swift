import Foundation
import Testing

/// `render -o -` when standard output cannot take the image: one line, status 1, no crash.
@Suite struct StandardOutputTests {
    /// Also through siwa-buttons-full (`--strict` is not a plain line, `schema` not a
    /// render): siwa-buttons must hand it descriptor 1 closed, as it found it.
    @Test(
        "Standard output closed (>&-)",
        arguments: [
            ["render", "/appleid/button", "-o", "-"], ["render", "/appleid/button", "-o", "-", "--strict"], ["schema"],
        ])
    func closedStandardOutput(arguments: [String]) throws {
        // A shell closes descriptor 1 as a user's `>&-` does, then becomes the command.
        let result = try Executable.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"exec "$0" "$@" >&-"#, Executable.siwaButtons.path] + arguments)
        #expect(result.status == 1 && result.reason == .exit, "\(result.stderr)")
        #expect(result.stderrLines == ["Error: Cannot write to standard output: Bad file descriptor."])
    }

    @Test("A pipe nobody reads")
    func closedPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try Executable.siwa(["render", "/appleid/button?scale=6", "-o", "-"], standardOutput: pipe.fileHandleForWriting)
        #expect(result.status == 1 && result.reason == .exit, "\(result.stderr)")
        #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "Error: Cannot write to standard output: Broken pipe.")
    }
}
