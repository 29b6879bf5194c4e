import ArgumentParser
import Foundation
import SIWAButtons
import SIWAGenerator
import SIWARenderJob

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a set of buttons (every mode, type, style, locale, size, scale and format asked for), "
            + "manifest.json, an index.html gallery and the web snippets.",
        discussion: """
            Defaults: all modes, all types, all styles, en_US, 250x44, scales 1,2,3, png and svg.
            A YAML file (--config) may set the same keys as the flags; a flag wins over the file.
            Lists are comma-separated. The snippets are written when --client-id and --redirect-uri are known.
            The set is built beside --out and swapped in whole: a failed or interrupted run leaves --out as it was.

            \(Examples.block(examples))
            """
    )

    static let examples = [
        "siwa-buttons generate --out dist/",
        "siwa-buttons generate --config buttons.yml --out dist/",
        "siwa-buttons generate --types sign-in,continue --styles black,white,white-outline --modes center,left,logo "
            + "--locales en_US,de_DE,ar_SA --scales 1,2,3 --formats png,svg --out dist/",
        "siwa-buttons generate --sizes 250x44,300x56r50 --client-id com.example.web "
            + "--redirect-uri https://example.com/auth/apple --use-popup --out dist/",
        "siwa-buttons generate --presets android,ios,web --locales en_US,de_DE --out packs/",
        "siwa-buttons generate --naming flat --out dist/",
        "siwa-buttons generate --presets ios,android,flutter,web --locales en_US,de_DE --strings all --out packs/",
    ]

    @Option(help: ArgumentHelp("YAML configuration file.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Folder to write to (created if needed; its parent must be writable).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Allow a set of more than \(GenerateCommand.defaultMaxFiles) files.", valueName: "n"))
    var maxFiles: Int?

    @Option(help: ArgumentHelp("center, left, logo.", valueName: "list"))
    var modes: String?

    @Option(help: ArgumentHelp("sign-in, continue, sign-up.", valueName: "list"))
    var types: String?

    @Option(help: ArgumentHelp("black, white, white-outline.", valueName: "list"))
    var styles: String?

    @Option(help: ArgumentHelp("Apple's locale codes (en_US, de_DE, ...) or 'all'.", valueName: "list"))
    var locales: String?

    @Option(
        help: ArgumentHelp(
            "WIDTHxHEIGHT in points, optionally rRADIUS (percent of the height): 250x44, 300x56r50. "
                + "The logo-only button uses the height as its side.", valueName: "list"))
    var sizes: String?

    @Option(help: ArgumentHelp("1 to 6; PNG and WebP only (SVG and PDF are written once, at 1x).", valueName: "list"))
    var scales: String?

    @Option(
        help: ArgumentHelp(
            "\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")), or 'best'. With presets, "
                + "the union: each preset takes the formats it holds (see docs/generate.md).", valueName: "list"))
    var formats: String?

    @Option(
        name: [.customLong("presets"), .customLong("preset")],
        help: ArgumentHelp(
            "Platform layouts, one folder each: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")) "
                + "(default: the web layout at the root).", valueName: "list"))
    var presets: String?

    @Option(
        help: ArgumentHelp(
            "nested (folders, button@2x.png) or flat (siwa-sign-in-black-en_US-250x44@2x.png) "
                + "for the web layout's files.", valueName: "naming"))
    var naming: String?

    @Option(
        help: ArgumentHelp(
            "localized (one imageset per button, its images carrying their language; default) or "
                + "per-locale (siwa-sign-in-black-de_DE.imageset) for the ios preset's catalog.", valueName: "naming"))
    var iosImagesets: String?

    @Option(
        help: ArgumentHelp(
            "Apple's titles as strings for apps that draw their own button: "
                + "\(StringsFormat.allCases.map(\.rawValue).joined(separator: ", ")), or 'all' (with presets: each preset its own).",
            valueName: "list"))
    var strings: String?

    @Option(help: ArgumentHelp("Services ID for Sign in with Apple JS (e.g. com.example.web).", valueName: "id"))
    var clientId: String?

    @Option(help: ArgumentHelp("https URL Apple sends the answer to.", valueName: "url"))
    var redirectUri: String?

    @Option(help: ArgumentHelp("Scopes asked for: 'name email' (default), 'name', 'email' or ''.", valueName: "scope"))
    var scope: String?

    @Flag(inversion: .prefixedNo, help: "Sign in inside a popup instead of redirecting (default: no).")
    var usePopup: Bool?

    @Option(help: ArgumentHelp("Folder of templates replacing the built-in ones, file by file.", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "The v= token of the service the images are served from (serve --cache-version): written into every endpoint URL of the manifest and gallery.",
            valueName: "TOKEN"))
    var cacheVersion: String?

    @OptionGroup var fonts: FontOptions

    /// Beyond this a typo in a list (`--sizes` with hundreds of entries) would fill a disk.
    static let defaultMaxFiles = 20_000

    func validate() throws {
        if out.isEmpty { throw CLIError.usage("--out: give a folder name, e.g. --out dist.") }
        if let maxFiles, maxFiles < 1 { throw CLIError.usage("--max-files: must be at least 1.") }
        if let cacheVersion, !ButtonRequest.isCacheBustingToken(cacheVersion) {
            throw CLIError.usage(
                "--cache-version: '\(cacheVersion)' is not a cache-version token: use 1-32 letters, digits, '.', '_', '-' or '~'.")
        }
    }

    func run() throws {
        var configuration = try resolvedConfiguration()
        configuration.cacheVersion = cacheVersion
        if let jobs, jobs < 1 { throw CLIError("--jobs: must be at least 1.") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue {
            throw CLIError("--out: '\(out)' is a file, not a folder.")
        }
        try checkOutIsNotTheCurrentFolder()
        let count = Generator.fileCount(configuration, snippets: (try? configuration.web.settings()) != nil)
        let limit = maxFiles ?? Self.defaultMaxFiles
        if count > limit {
            throw CLIError.usage("This configuration writes \(count) files, more than \(limit): pass --max-files \(count) to allow it.")
        }
        let templateSet: TemplateSet
        do {
            templateSet = try TemplateSet.load(override: configuration.templates.map { URL(fileURLWithPath: $0) })
        } catch {
            throw CLIError(error.description)
        }
        let generator = Generator(
            configuration: configuration, renderer: try fonts.renderer(),
            templates: templateSet, workers: jobs)
        let started = Date()
        let signals = InterruptSignals()
        let report: Generator.Report
        do {
            report = try generator.generate(
                into: URL(fileURLWithPath: out),
                progress: ProgressBar.isTerminal() ? ProgressBar() : nil,
                checkpoint: signals.check)
        } catch let collision as ConfigurationError {
            throw CLIError.usage(collision.description)
        } catch let interrupted as InterruptSignals.Interrupted {
            FileHandle.standardError.write(
                Data("Interrupted (\(interrupted.name)): '\(out)' is as it was, the partial set removed.\n".utf8))
            throw ExitCode(128 + interrupted.signal)
        } catch {
            throw CLIError.file(error, path: out)
        }
        let seconds = Date().timeIntervalSince(started)
        // A platform pack has a text file per button (catalog entries, e-mail fragments): counted, not listed.
        let pageList = report.manifest.pages.map(\.path)
        let pages = pageList.count <= 6 ? pageList.joined(separator: ", ") : "index.html and \(pageList.count - 1) other text files"
        print(
            "Wrote \(report.manifest.files.count) images (\(report.imageBytes / 1024) KiB), manifest.json, \(pages) "
                + "to \(out) in \(String(format: "%.1f", seconds)) s.")
        if !configuration.presets.isEmpty { print("Formats per preset: \(configuration.formatsByPreset).") }
        if !report.removed.isEmpty {
            print("Removed \(report.removed.count) files of the previous run that this configuration no longer makes.")
        }
        if let skipped = report.snippetsSkipped { print("Note: \(skipped).") }
        let flagged = report.manifest.files.filter { !($0.findings ?? []).isEmpty }
        if !flagged.isEmpty {
            let ids = Set(flagged.flatMap { $0.findings ?? [] }.map(\.id)).sorted()
            print(
                "Note: \(flagged.count == 1 ? "1 image breaks" : "\(flagged.count) images break") Apple's rules (\(ids.joined(separator: ", "))): "
                    + "see 'findings' in manifest.json and the gallery, or siwa-buttons lint.")
        }
    }

    /// The new set replaces the folder whole: a shell sitting in it would be left in the
    /// removed old one, seeing nothing.
    private func checkOutIsNotTheCurrentFolder() throws {
        let resolve = { (path: String) in
            realpath(path, nil).map { real in
                defer { free(real) }; return String(cString: real)
            }
        }
        guard let folder = resolve(out), let current = resolve(".") else { return }
        if folder == "/" || current == folder || current.hasPrefix(folder + "/") {
            throw CLIError.usage(
                "--out: '\(out)' is the current folder or holds it; the set replaces the folder whole, "
                    + "so name a folder below it, e.g. --out dist.")
        }
    }

    /// Defaults, then the file, then the flags.
    func resolvedConfiguration() throws -> GeneratorConfiguration {
        var configuration = GeneratorConfiguration()
        do {
            if let config { try ConfigurationFile.load(config).apply(to: &configuration) }
            try flagOverrides().apply(to: &configuration)
            _ = try configuration.web.settings()
        } catch  where error.source?.isLayout == true {
            throw CLIError.usage(error.description)
        } catch {
            throw CLIError(error.description)
        }
        do {
            try configuration.checkPresets()
        } catch {
            throw CLIError.usage(error.description)
        }
        return configuration
    }

    /// What the command line gives each field, as written (nil: not given). `--use-popup`
    /// is a flag of its own, not text.
    private func flag(_ field: GeneratorField) -> String? {
        switch field {
        case .modes: modes
        case .types: types
        case .styles: styles
        case .locales: locales
        case .sizes: sizes
        case .scales: scales
        case .formats: formats
        case .presets: presets
        case .naming: naming
        case .iosImagesets: iosImagesets
        case .strings: strings
        case .clientId: clientId
        case .redirectURI: redirectUri
        case .scope: scope
        case .usePopup: nil
        case .templates: templates
        }
    }

    private func flagOverrides() throws(ConfigurationError) -> ConfigurationOverrides {
        var o = ConfigurationOverrides()
        // Lists, then single values, the layout's last: the order in which several bad flags
        // have always been reported (the first one is).
        let fields = GeneratorField.allCases
        let order = fields.filter(\.isList) + fields.filter { !$0.isList && !$0.isLayout } + fields.filter { !$0.isList && $0.isLayout }
        for field in order {
            guard let raw = flag(field) else { continue }
            if field.isList {
                try o.setList(field, ConfigurationOverrides.commaList(raw, flag: field.flag))
            } else {
                try o.setValue(field, raw, label: field.flag)
            }
        }
        if let usePopup { o.usePopup = usePopup }
        return o
    }
}
