import Foundation
import SIWAFiles
import SIWAGenerator
import SIWARenderJob

extension CLIError {
    /// A file-system error as one line, `Cannot write 'dist/a.png': No such file or
    /// directory.`, instead of Foundation's `Error Domain=NSCocoaErrorDomain Code=4 …`.
    /// Other errors are returned unchanged.
    static func file(_ error: any Error, path fallbackPath: String) -> any Error {
        if let failure = error as? BatchRenderer.RenderFailure {
            // The generator names the file relative to the output folder (it was written
            // in the staging folder, whose name would mean nothing to the user).
            let path = failure.path.isEmpty ? fallbackPath : (fallbackPath as NSString).appendingPathComponent(failure.path)
            let message = file(failure.underlying, path: path, naming: path)
            return message is CLIError ? message : error
        }
        return file(error, path: fallbackPath, naming: nil)
    }

    private static func file(_ error: any Error, path fallbackPath: String, naming fixedPath: String?) -> any Error {
        if let error = error as? FileSystemError { return CLIError(error.message(naming: fixedPath)) }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return error }
        let path = fixedPath ?? ns.userInfo["NSFilePath"] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? fallbackPath
        let posix = ns.domain == NSPOSIXErrorDomain ? ns : (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let reason =
            posix.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
            ?? ns.localizedDescription
        return CLIError("Cannot write '\(path)': \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason).")
    }
}
