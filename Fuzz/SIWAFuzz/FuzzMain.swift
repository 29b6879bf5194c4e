import CFuzzDriver
import Foundation

/// `siwa-fuzz TARGET [libFuzzer's options] [CORPUS...]`: the fuzz build (scripts/fuzz.sh)
/// hands the rest of the line to libFuzzer. The plain build (`swift build`) has no
/// libFuzzer, and runs each file or folder's files through the target once: the corpus
/// replayed, every reproducer checked again.
@main
enum FuzzMain {
    /// libFuzzer starts itself again for `-merge` and `-fork` with the line it was given,
    /// without the target: the environment carries it.
    static let targetVariable = "SIWA_FUZZ_TARGET"
    nonisolated(unsafe) static var target: any FuzzTarget.Type = RequestTarget.self

    static func main() {
        var arguments = CommandLine.arguments
        if arguments.count > 1, ["--dictionary", "--list", "--help"].contains(arguments[1]) {
            exit(command(Array(arguments.dropFirst())))
        }
        target = chosenTarget(&arguments)
        guard siwa_fuzz_has_driver() != 0 else { exit(replay(Array(arguments.dropFirst()))) }
        var argc = Int32(arguments.count)
        var cStrings = arguments.map { strdup($0) } + [nil]
        let status = cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return siwa_fuzz_run_driver(&argc, &argv, runOne)
        }
        exit(status)
    }

    /// The target the line names (taken out of it) or the environment does.
    static func chosenTarget(_ arguments: inout [String]) -> any FuzzTarget.Type {
        if arguments.count > 1, let named = FuzzTargets.named(arguments[1]) {
            setenv(targetVariable, arguments[1], 1)
            arguments.remove(at: 1)
            return named
        }
        if let name = ProcessInfo.processInfo.environment[targetVariable], let named = FuzzTargets.named(name) {
            return named
        }
        let names = FuzzTargets.all.map { $0.name }.joined(separator: ", ")
        fail("usage: siwa-fuzz TARGET [libFuzzer options] [CORPUS...]; targets: \(names)")
    }

    /// Each file given, and each file in each folder given, through the target once.
    static func replay(_ paths: [String]) -> Int32 {
        guard !paths.isEmpty else { fail("no libFuzzer in this build: give the corpus folders or inputs to replay") }
        var count = 0
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("no file '\(path)'") }
            let files =
                isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 } : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read '\(file)'") }
                _ = target.run([UInt8](data))
                count += 1
            }
        }
        print("\(target.name): \(count) inputs replayed, every rule held")
        return 0
    }

    static func command(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "--dictionary":
            guard arguments.count == 2, let named = FuzzTargets.named(arguments[1]) else { fail("usage: siwa-fuzz --dictionary TARGET") }
            for word in Set(named.dictionary).sorted() where !word.isEmpty { print(dictionaryEntry(word)) }
        case "--list":
            for target in FuzzTargets.all { print(target.name) }
        default:
            print("usage: siwa-fuzz TARGET [libFuzzer options] [CORPUS...] | --dictionary TARGET | --list")
            for target in FuzzTargets.all { print("  \(target.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(target.summary)") }
        }
        return 0
    }

    /// A token as libFuzzer's dictionary format quotes it: printable ASCII as is, `\` and
    /// `"` escaped, every other byte as `\xNN`.
    static func dictionaryEntry(_ word: String) -> String {
        var line = "\""
        for byte in word.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): line += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F: line += String(UnicodeScalar(byte))
            default: line += String(format: "\\x%02X", byte)
            }
        }
        return line + "\""
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("siwa-fuzz: " + message + "\n").utf8))
        exit(2)
    }
}

/// libFuzzer's callback: a C function, so the target is the one global it reads.
private func runOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let target: any FuzzTarget.Type = FuzzMain.target
    return target.run(input) ? 0 : -1
}
