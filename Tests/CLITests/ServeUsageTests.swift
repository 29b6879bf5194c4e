import Foundation
import Testing

/// `serve`'s limits out of range: one line naming the option, status 64, nothing started.
@Suite struct ServeUsageTests {
    @Test(
        "Out-of-range guards are refused at start",
        arguments: [
            (["--write-timeout", "0"], "--write-timeout must be from 1 to 86400 seconds."),
            (["--write-timeout", "86401"], "--write-timeout must be from 1 to 86400 seconds."),
            (["--output-budget-mb", "0"], "--output-budget-mb must be from 1 to 1048576 (1 TiB)."),
            (["--stall-timeout", "0"], "--stall-timeout must be from 1 to 86400 seconds."),
            (["--drain-seconds=-1"], "--drain-seconds must be from 0 to 3600."),
            (["--drain-seconds", "3601"], "--drain-seconds must be from 0 to 3600."),
        ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try Executable.siwa(["serve", "--port", "1"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.first?.contains(message) == true, "\(result.stderr)")
    }
}
