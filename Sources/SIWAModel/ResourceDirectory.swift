#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where the project's folders (`Fonts`, `Templates`, `public`) are found at run time,
/// whatever the current directory, in this order:
///
/// 1. `$VARIABLE`, if set;
/// 2. `../share/siwa-buttons/NAME` from the executable (the install layout of
///    scripts/install.sh: `bin/siwa-buttons` beside `share/siwa-buttons/`);
/// 3. `NAME/` next to the executable;
/// 4. the source tree the executable was built in: the nearest folder above it holding
///    `Package.swift` and `NAME/` (`.build/debug/siwa-buttons`, `swift run`, `swift test`);
/// 5. the package's resource bundle next to the executable (`<package>_SIWAResources.resources/NAME`):
///    SwiftPM copies `Fonts`, `Templates` and `public` there (the `SIWAResources` target)
///    for any executable that depends on `SIWAServer`, such as a host app of another
///    package, which has neither the install layout nor this source tree. Shipping such
///    an app means copying that folder beside its binary, as for any SwiftPM resource.
///
/// Only the executable's own location counts, never the source files' paths, so a
/// binary copied elsewhere uses the folders copied with it, or says it found none.
package enum ResourceDirectory {
    /// The folder `name` (`Fonts`, `Templates`, `public`): `$environmentVariable` if it is
    /// set and not empty, else the first of the places above that exists, else the install
    /// layout's path (2.), which does not exist.
    package static func find(_ name: String, environmentVariable: String) -> URL {
        // getenv, not ProcessInfo's environment, which copies the whole environment
        // into a dictionary: a cost every one-button `render` process would pay.
        if let value = getenv(environmentVariable).map({ String(cString: $0) }), !value.isEmpty {
            return URL(fileURLWithPath: value)
        }
        let candidates = candidates(name)
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
        return bundled(name) ?? candidates[0]
    }

    /// Suffix of the SwiftPM resource bundle's folder; its prefix is the package's
    /// identity, which is the name of the folder or repository a dependent package uses.
    static let bundleSuffix = "_SIWAResources.resources"

    /// `NAME` in a resource bundle next to the executable, if there is one.
    static func bundled(_ name: String) -> URL? {
        let exe = executableDirectory
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: exe.path)) ?? []
        return entries.filter { $0.hasSuffix(bundleSuffix) }.sorted()
            .map { exe.appendingPathComponent($0).appendingPathComponent(name) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The places looked in, most specific first (the first is named when none exists).
    static func candidates(_ name: String) -> [URL] {
        let exe = executableDirectory
        var candidates = [
            exe.appendingPathComponent("../share/siwa-buttons/\(name)").standardized,
            exe.appendingPathComponent(name),
        ]
        var folder = exe
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                candidates.append(folder.appendingPathComponent(name))
                break
            }
        }
        return candidates
    }

    /// The running executable's folder, links resolved: `/proc/self/exe` on Linux; without
    /// `/proc` (a bare chroot, a container without it), `argv[0]` as the shell found it.
    package static var executableDirectory: URL {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0) }
            ?? URL(
                fileURLWithPath: executablePath(
                    argv0: CommandLine.arguments.first ?? "", searchPath: getenv("PATH").map { String(cString: $0) })
            ).resolvingSymlinksInPath()
        return exe.deletingLastPathComponent()
    }

    /// Where a shell found the program it ran as `argv0`: `argv0` itself when it has a slash
    /// (`./bin/siwa-buttons`, `/usr/local/bin/siwa-buttons`), else the first folder of
    /// `searchPath` (`$PATH`; an empty entry is the current folder) holding an executable of
    /// that name, else `argv0` unchanged.
    static func executablePath(
        argv0: String, searchPath: String?,
        isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }
    ) -> String {
        guard !argv0.isEmpty, !argv0.contains("/") else { return argv0 }
        for folder in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + argv0
            if isExecutable(candidate) { return candidate }
        }
        return argv0
    }
}
