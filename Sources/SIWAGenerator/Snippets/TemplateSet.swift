import Foundation
import Mustache
import SIWAButtons

/// The mustache templates of the web files: `Templates/<name>.mustache` in the source
/// tree (the snippet scripts are real JavaScript, `Templates/siwa-init.js` and
/// `siwa-signin.js`, with their imports of the element's core inlined: `ScriptBundle`),
/// each replaceable by a file of the same name in an override folder (`--templates DIR`;
/// files it lacks come from the built-in set).
///
/// How values are escaped depends on the file, not on the template author's care:
/// `.js` templates escape `{{value}}` for JavaScript strings, all others for HTML
/// (see `Escaping`).
package struct TemplateSet: Sendable {
    package static let names = [
        "index.html", "gallery.js", "snippet.html", "siwa-init.js", "snippet-nojs.html", "snippet-img.html",
        "siwa-signin.js",
    ]

    /// The snippet scripts: real JavaScript importing the element's core.
    static let scripts: Set = ["siwa-init.js", "siwa-signin.js"]

    private let templates: [String: MustacheTemplate]
    /// The file each template was read from.
    package let files: [String: String]

    package enum LoadError: Error, CustomStringConvertible {
        case missing(name: String, searched: [String])
        case notADirectory(String)
        case syntax(file: String, line: Int, column: Int, detail: String)
        case bundle(file: String, detail: String)

        package var description: String {
            switch self {
            case .missing(let name, let searched):
                "Template '\(name).mustache' not found in \(searched.joined(separator: " or ")): set SIWA_TEMPLATES_DIR, or give TemplateSet.load(builtIn:) the siwa-buttons package's Templates/ folder."
            case .notADirectory(let path):
                "Templates folder '\(path)' does not exist."
            case .syntax(let file, let line, let column, let detail):
                "\(file):\(line):\(column): mustache syntax error: \(detail)"
            case .bundle(let file, let detail):
                "\(file): \(detail)"
            }
        }
    }

    /// Reads the built-in templates, replaced file by file from `override`; `core`: the
    /// element's browser core the snippet scripts import.
    package static func load(
        override: URL? = nil, builtIn: URL = defaultDirectory(),
        core: URL = ElementFiles.defaultFolder().appendingPathComponent("element/1/core")
    ) throws(LoadError) -> TemplateSet {
        registerContentTypes
        if let override {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: override.path, isDirectory: &isDir), isDir.boolValue else {
                throw .notADirectory(override.path)
            }
        }
        var templates: [String: MustacheTemplate] = [:]
        var files: [String: String] = [:]
        for name in names {
            let folders = [override, builtIn].compactMap { $0 }
            // A script may be the real file (`siwa-init.js`) or a template of the old name.
            let candidates = scripts.contains(name) ? [name, name + ".mustache"] : [name + ".mustache"]
            guard
                let file = folders.flatMap({ folder in candidates.map { folder.appendingPathComponent($0).path } })
                    .first(where: { FileManager.default.fileExists(atPath: $0) }),
                let data = FileManager.default.contents(atPath: file)
            else {
                throw .missing(name: name, searched: folders.map(\.path))
            }
            var text = String(decoding: data, as: UTF8.self)
            if scripts.contains(name) {
                do {
                    text = try ScriptBundle.inline(text, core: core)
                } catch {
                    throw .bundle(file: file, detail: error.description)
                }
            }
            templates[name] = try parse(text, name: name, file: file)
            files[name] = file
        }
        return TemplateSet(templates: templates, files: files)
    }

    /// The built-in templates: `$SIWA_TEMPLATES_DIR`, else `Templates/` next to the
    /// executable or in `../share/siwa-buttons/`, else the source tree's `Templates/`.
    package static func defaultDirectory() -> URL {
        ResourceDirectory.find("Templates", environmentVariable: "SIWA_TEMPLATES_DIR")
    }

    func render(_ name: String, _ context: some TemplateContext) -> String {
        templates[name]!.render(context)
    }

    /// A template that reads no value (`gallery.js`).
    func render(_ name: String) -> String {
        render(name, NoValues())
    }

    /// `.js` templates start in the JavaScript-string content type. The pragma is put
    /// on the first line (not a line of its own) so line numbers stay the file's.
    private static func parse(_ text: String, name: String, file: String) throws(LoadError) -> MustacheTemplate {
        let prefix = name.hasSuffix(".js") ? "{{% CONTENT_TYPE: \(JavaScriptStringContent.name)}}" : ""
        do {
            return try MustacheTemplate(string: prefix + text)
        } catch let error as MustacheTemplate.ParserError {
            let column = error.context.columnNumber - (error.context.lineNumber == 1 ? prefix.count : 0)
            throw .syntax(file: file, line: error.context.lineNumber, column: max(column, 1), detail: "\(error.error)")
        } catch {
            throw .syntax(file: file, line: 1, column: 1, detail: "\(error)")
        }
    }

    /// swift-mustache keeps content types in a global table, read while parsing.
    private static let registerContentTypes: Void = {
        MustacheContentTypes.register(JavaScriptStringContent(), named: JavaScriptStringContent.name)
    }()
}

/// A view model a template reads: a struct whose stored properties the template names
/// (`GalleryPageView`, `SnippetView`; see `GalleryPageView` for how swift-mustache
/// reads them).
protocol TemplateContext: Sendable {}

/// The context of a template without values.
private struct NoValues: TemplateContext {}

/// `{{value}}` inside a JavaScript string literal.
struct JavaScriptStringContent: MustacheContentType {
    static let name = "SIWA_JS_STRING"

    func escapeText(_ text: String) -> String {
        Escaping.javaScriptString(text)
    }
}
