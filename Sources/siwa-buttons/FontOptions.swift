import ArgumentParser
import Foundation
import SIWAButtons

/// Font choices shared by every subcommand.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp("A font file to use before the pinned fonts (e.g. SF Pro).", valueName: "path"))
    var font: String?

    @Option(help: ArgumentHelp("Folder of the pinned fonts (default: the project's Fonts/).", valueName: "dir"))
    var fontsDir: String?

    func renderer() throws -> ButtonRenderer {
        if font == nil && fontsDir == nil { return try ButtonRenderer.shared() }
        if let font, !FileManager.default.fileExists(atPath: font) {
            throw ValidationError("Font file '\(font)' does not exist.")
        }
        return ButtonRenderer(fonts: try FontLibrary(directory: fontsDir.map { URL(fileURLWithPath: $0) },
                                                     userFont: font.map { URL(fileURLWithPath: $0) }))
    }
}
