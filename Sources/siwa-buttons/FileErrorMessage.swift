import Foundation
import SIWAGenerator

extension CLIError {
    /// A file-system error as one line, `Cannot write 'dist/a.png': No such file or
    /// directory.`, instead of Foundation's `Error Domain=NSCocoaErrorDomain Code=4 …`.
    /// Other errors are returned unchanged.
    static func file(_ error: any Error, path fallbackPath: String) -> any Error {
        if let failure = error as? BatchRenderer.RenderFailure {
            // The generator names the image relative to the output folder.
            let message = file(failure.underlying, path: (fallbackPath as NSString).appendingPathComponent(failure.path))
            return message is CLIError ? message : error
        }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return error }
        let path = ns.userInfo["NSFilePath"] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? fallbackPath
        let posix = ns.domain == NSPOSIXErrorDomain ? ns : (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let reason = posix.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
            ?? ns.localizedDescription
        return CLIError("Cannot write '\(path)': \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason).")
    }
}
