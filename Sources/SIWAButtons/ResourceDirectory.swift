import Foundation

/// Where the project's folders (`Fonts`, `Templates`, `public`) are found at run time,
/// whatever the current directory: `$VARIABLE` if set, else `NAME/` next to the
/// executable or in `../share/siwa-buttons/` (an install), else the source tree's
/// `NAME/` (`swift run`, `.build/debug/siwa-buttons`).
public enum ResourceDirectory {
    public static func find(_ name: String, environmentVariable: String) -> URL {
        if let env = ProcessInfo.processInfo.environment[environmentVariable], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [exe.appendingPathComponent(name),
                          exe.appendingPathComponent("../share/siwa-buttons/\(name)").standardized]
        where FileManager.default.fileExists(atPath: candidate.path) {
            return candidate
        }
        // Sources/SIWAButtons/ResourceDirectory.swift -> package root
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(name)
    }
}
