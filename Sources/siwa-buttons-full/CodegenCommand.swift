import ArgumentParser
import Foundation
import SIWAButtons
import SIWARenderJob

/// `siwa-buttons codegen`: writes the JavaScript copies of Apple's facts from the schema.
struct CodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen",
        abstract: "Write the JavaScript copies of the schema (the element's data block, the editor's labels).",
        discussion: """
            Replaces the block between the "BEGIN GENERATED" and "END GENERATED" lines of
            \(GeneratedJavaScript.blocks().map(\.path).joined(separator: " and ")) with what
            ButtonSchema says. Run it from the package's root after changing a parameter, a
            default, a display name or a title; --check writes nothing and fails when a file
            differs (swift test checks the same).
            """
    )

    @Option(help: "The package's root.")
    var root = "."

    @Flag(help: "Compare only: exit 1 when a file differs from what codegen would write.")
    var check = false

    func run() throws {
        var stale: [String] = []
        for block in GeneratedJavaScript.blocks() {
            let url = URL(fileURLWithPath: root).appendingPathComponent(block.path)
            let current = try String(contentsOf: url, encoding: .utf8)
            guard let generated = GeneratedJavaScript.replacingBlock(in: current, with: block.text) else {
                throw CLIError("\(block.path): no \"BEGIN GENERATED\" ... \"\(GeneratedJavaScript.end)\" lines.")
            }
            if generated == current {
                print("\(block.path): up to date")
            } else if check {
                stale.append(block.path)
            } else {
                try Data(generated.utf8).write(to: url, options: .atomic)
                print("\(block.path): written")
            }
        }
        if !stale.isEmpty {
            throw CLIError("\(stale.joined(separator: ", ")): not what the schema says: run `\(GeneratedJavaScript.command)`.")
        }
    }
}
