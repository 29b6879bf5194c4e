import ArgumentParser
import Foundation
import SIWAButtons

/// Font choices shared by every subcommand.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp("A font file to use before the pinned fonts (e.g. SF Pro).", valueName: "path"))
    var font: String?

    @Option(help: ArgumentHelp("Folder of the pinned fonts (default: the project's Fonts/).", valueName: "dir"))
    var fontsDir: String?

    /// A wrong path is a usage error (status 64), found before any work: a folder given
    /// as --font would otherwise make fontconfig scan the whole tree.
    func validate() throws {
        var isFolder: ObjCBool = false
        if let font {
            guard FileManager.default.fileExists(atPath: font, isDirectory: &isFolder) else {
                throw ValidationError("Font file '\(font)' does not exist.")
            }
            if isFolder.boolValue { throw ValidationError("--font: '\(font)' is a folder, not a font file.") }
        }
        if let fontsDir, !(FileManager.default.fileExists(atPath: fontsDir, isDirectory: &isFolder) && isFolder.boolValue) {
            throw ValidationError("--fonts-dir: '\(fontsDir)' is not a folder.")
        }
    }

    func renderer() throws -> ButtonRenderer {
        if font == nil && fontsDir == nil { return try ButtonRenderer.shared() }
        do {
            return ButtonRenderer(fonts: try FontLibrary(directory: fontsDir.map { URL(fileURLWithPath: $0) },
                                                         userFont: font.map { URL(fileURLWithPath: $0) }))
        } catch let error as FontLibrary.LoadError {
            // A file that is not a font, a folder without fonts: the option is wrong.
            throw ValidationError(error.description)
        }
    }
}
