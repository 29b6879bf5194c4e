import Foundation

/// An ES module run by node (`node --input-type=module -e SCRIPT ARGS...`), for the tests
/// that hold the JavaScript of public/ to the Swift: its standard output, or nil when node
/// is missing or the script failed (scripts/setup.sh installs node).
public func runNodeModule(_ script: String, arguments: [String] = []) throws -> Data? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node", "--input-type=module", "-e", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? data : nil
}
