import ArgumentParser
import Foundation
import SIWAButtons
import SIWAModel

/// `swift run siwa-codegen`: writes the JavaScript copies of Apple's facts from the schema,
/// and the element's title modules from the renderer. A development tool of the source
/// checkout, so it is no product: never installed, never in a release.
@main
struct CodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siwa-codegen",
        abstract: "Write the JavaScript copies of the schema and the element's title outlines.",
        discussion: """
            Replaces the block between the "BEGIN GENERATED" and "END GENERATED" lines of
            \(GeneratedJavaScript.blocks().map(\.path).joined(separator: " and ")) with what
            ButtonSchema says, and writes \(TitleModules.folder)/LOCALE.generated.js (each
            title's metrics and outlines, from the pinned fonts). Run it from the package's
            root after changing a parameter, a default, a display name, a title, the layout
            or a font; --check writes nothing and fails when a file differs (swift test
            checks the same).
            """
    )

    @Option(help: "The package's root.")
    var root = "."

    @Flag(help: "Compare only: exit 1 when a file differs from what siwa-codegen would write.")
    var check = false

    func run() throws {
        var stale: [String] = []
        for block in GeneratedJavaScript.blocks() {
            let url = URL(fileURLWithPath: root).appendingPathComponent(block.path)
            // Outside a checkout Foundation's error would be an NSCocoaErrorDomain dump.
            guard let current = try? String(contentsOf: url, encoding: .utf8) else {
                let folder = URL(fileURLWithPath: root).standardizedFileURL.path
                throw CodegenError(
                    "siwa-codegen rewrites files of a siwa-buttons source checkout, and '\(folder)' has no readable \(block.path): "
                        + "run it in the checkout's root, or give that root with --root.")
            }
            guard let generated = GeneratedJavaScript.replacingBlock(in: current, with: block.text) else {
                throw CodegenError("\(block.path): no \"BEGIN GENERATED\" ... \"\(GeneratedJavaScript.end)\" lines.")
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
        let renderer = try ButtonRenderer.shared()
        let modules = TitleModules.files(renderer)
        let folder = URL(fileURLWithPath: root).appendingPathComponent(TitleModules.folder)
        for module in modules {
            let url = URL(fileURLWithPath: root).appendingPathComponent(module.path)
            if (try? String(contentsOf: url, encoding: .utf8)) == module.text { continue }
            if check {
                stale.append(module.path)
            } else {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(module.text.utf8).write(to: url, options: .atomic)
                print("\(module.path): written")
            }
        }
        // A module of a locale that is no longer generated.
        let names = Set(modules.map { String($0.path.split(separator: "/").last!) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !names.contains(name) {
            if check {
                stale.append("\(TitleModules.folder)/\(name)")
            } else {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                print("\(TitleModules.folder)/\(name): removed")
            }
        }
        if !stale.isEmpty {
            throw CodegenError("\(stale.joined(separator: ", ")): not what the schema says: run `\(GeneratedJavaScript.command)`.")
        }
    }
}

/// A failure, printed as "Error: " and the description, with exit status 1.
struct CodegenError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
