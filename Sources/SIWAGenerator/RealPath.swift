import Foundation

/// realpath(3): absolute, links and `..` resolved; nil when the path does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
