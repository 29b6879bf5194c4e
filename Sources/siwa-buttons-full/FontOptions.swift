import ArgumentParser
import Foundation
import SIWAButtons
import SIWAGenerator

/// What the renderer draws with, shared by every subcommand: fonts, and the titles
/// (`--labels` is here because its titles are checked against these fonts).
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp("A font file to use before the pinned fonts (e.g. SF Pro).", valueName: "path"))
    var font: String?

    @Option(help: ArgumentHelp("Folder of the pinned fonts (default: the project's Fonts/).", valueName: "dir"))
    var fontsDir: String?

    @Option(
        help: ArgumentHelp(
            "YAML file of titles replacing the built-in ones: locale -> type -> title "
                + "(e.g. 'de_DE: {sign-in: Mit Apple anmelden}').", valueName: "file"))
    var labels: String?

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

    /// - Parameter locale: the one locale this process draws (`render`): only its fonts
    ///   are loaded, unless `--labels` may need others.
    func renderer(for locale: ButtonLocale? = nil) throws -> ButtonRenderer {
        let renderer = try fontRenderer(families: labels == nil ? locale?.fontFamilies : nil)
        // Before the renderer's first font map: spares loading the system's font configuration.
        renderer.fonts.makeProcessDefault()
        guard let labels else { return renderer }
        return try Self.applying(labels: labels, to: renderer)
    }

    private func fontRenderer(families: [String]?) throws -> ButtonRenderer {
        do {
            if font == nil && fontsDir == nil && families == nil { return try ButtonRenderer.shared() }
            return ButtonRenderer(
                fonts: try FontLibrary(
                    directory: fontsDir.map { URL(fileURLWithPath: $0) },
                    userFont: font.map { URL(fileURLWithPath: $0) },
                    families: families))
        } catch let error as FontLibrary.LoadError {
            // A file that is not a font, a folder without fonts: the option is wrong.
            throw ValidationError(Self.commandLineMessage(error))
        }
    }

    /// The library's message in this command line's words (its options, not its API).
    static func commandLineMessage(_ error: FontLibrary.LoadError) -> String {
        switch error {
        case .noFonts(let dir): "No fonts found in '\(dir)': set SIWA_FONTS_DIR or pass --fonts-dir to the project's Fonts/ folder."
        case .unreadable: error.description
        }
    }

    /// The renderer drawing the titles of a `--labels` file. A file that cannot be read
    /// or has a wrong entry, or a title with characters no font has (it would be drawn
    /// with boxes), is a usage error naming the file, line, `locale.type` and what is
    /// wrong. Characters only another locale's pinned font has are drawn in that font's
    /// design: a warning on standard error.
    static func applying(labels path: String, to renderer: ButtonRenderer) throws -> ButtonRenderer {
        let file: LabelsFile
        do {
            file = try LabelsFile.load(path)
        } catch {
            throw ValidationError(error.description)
        }
        let corrected = renderer.with(titles: file.titles)
        for problem in corrected.glyphProblems() {
            let at = file.location(of: problem.locale, problem.type) ?? path
            if problem.isError {
                throw ValidationError(
                    "\(at): \(problem): it would be drawn as a box; give --font with a font that has "
                        + (problem.characters.count == 1 ? "it." : "them."))
            }
            FileHandle.standardError.write(Data("Warning: \(at): \(problem).\n".utf8))
        }
        return corrected
    }
}
