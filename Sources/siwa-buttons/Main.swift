import CSIWASystem
import SIWAButtons
import SIWAModel
import SIWARenderJob
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `siwa-buttons`: a small binary for the line that scripts and build pipelines run once
/// per button, `siwa-buttons render REQUEST -o FILE [--format F]` (options in any order),
/// which it draws itself. Every other line (help, other options, other commands), and a
/// plain `render` whose fonts fail to load (the parser words that), it hands unchanged to
/// `siwa-buttons-full` beside it, the whole command line, by exec: same process, same
/// arguments, so messages, exit codes and signals are that program's.
///
/// Why two binaries: the start of a process costs in proportion to what the binary
/// holds (its pointers are relocated page by page, its libraries set up), and the full
/// one holds the server, the generator, their libraries and all of Foundation. This one
/// holds the model, the drawing and the rules check, on FoundationEssentials only
/// (docs/performance.md, "Start-up").
@main
enum Main {
    static func main() {
        if let job = PlainRender(Array(CommandLine.arguments.dropFirst()))?.job {
            do {
                try job.run { locale in
                    let renderer = ButtonRenderer(fonts: try FontLibrary(families: locale.fontFamilies))
                    renderer.fonts.makeProcessDefault()
                    return renderer
                }
                return
            } catch is FontLibrary.LoadError {
                // Reported by siwa-buttons-full's parse, in its words.
            } catch {
                // As swift-argument-parser reports an error thrown from `run()`.
                StandardError.write("Error: \(error)\n")
                exit(1)
            }
        }
        runFull()
    }

    /// Replaces this process with `siwa-buttons-full`, same arguments.
    static func runFull() -> Never {
        let full = ResourceDirectory.executableDirectory.appendingPathComponent("siwa-buttons-full").path
        siwa_reclose_filled_standard_streams()
        execv(full, CommandLine.unsafeArgv)
        let code = errno
        // A source build made by `swift build --product siwa-buttons` (or `swift run`) alone.
        let hint = code == ENOENT ? " (build it: swift build --product siwa-buttons-full)" : ""
        // Descriptor 2 may be the one just closed again; then there is no one to tell.
        StandardError.write(
            "Error: cannot run '\(full)', which runs every command but a plain `render`: \(String(cString: strerror(code)))\(hint).\n")
        exit(1)
    }
}
