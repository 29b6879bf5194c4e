#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// realpath(3): absolute, links and `..` resolved; nil when the path does not exist.
package func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Eight hex digits, for names of temporary files and folders.
package func randomSuffix() -> String {
    String(UInt32.random(in: .min ... .max), radix: 16)
}
