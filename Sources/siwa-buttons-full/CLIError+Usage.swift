import ArgumentParser
import Foundation
import SIWARenderJob

extension CLIError {
    /// A wrong option found after parsing: one line, status 64 (EX_USAGE, as argument
    /// parsing gives), without the usage text, which would name the wrong command when
    /// thrown from `run()`.
    static func usage(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        return ExitCode.validationFailure
    }
}
