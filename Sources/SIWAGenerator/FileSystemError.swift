import Foundation

/// A failed system call as the error Foundation's own file calls throw (POSIX domain,
/// `NSFilePath`), so the command line words it like the others: `Cannot write 'PATH': REASON.`
func fileSystemError(_ code: Int32 = errno, path: String) -> NSError {
    NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: ["NSFilePath": path])
}
