import Foundation
import SIWAButtons

/// `<apple-signin-button>` (public/element/1/: the module, its TypeScript declarations, the
/// modules it imports and the browser core, core/ with one title module per locale), copied beside
/// the snippets of the web layout: one source, the files `serve` serves, so a set and the
/// service never ship different elements.
enum ElementFiles {
    /// The public folder (`$SIWA_PUBLIC_DIR`, else found as `serve` finds it).
    static func defaultFolder() -> URL { ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR") }

    /// The files' names relative to element/1/, in a stable order: the module and its
    /// declarations first, then the rest (its API as data, the modules it imports when
    /// needed, core/ with a title module per locale).
    static func names(public folder: URL = defaultFolder()) -> [String] {
        let element = folder.appendingPathComponent("element/1").path
        let first = ["apple-signin-button.js", "apple-signin-button.d.ts"]
        let files = (FileManager.default.enumerator(atPath: element)?.allObjects as? [String] ?? [])
            .filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: element + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
                    && !name.split(separator: "/").contains { $0.hasPrefix(".") } && !first.contains(name)
            }
            .sorted()
        return first + files
    }

    /// The files as they are in the public folder.
    static func load(public folder: URL = defaultFolder()) throws(ConfigurationError) -> [(name: String, text: String)] {
        let names = names(public: folder)
        guard names.contains("core/layout.js") else {
            throw ConfigurationError(
                field: "public", "'\(folder.path)/element/1/core' is missing: set SIWA_PUBLIC_DIR to the folder holding element/1/")
        }
        return try names.map { name throws(ConfigurationError) in
            let path = folder.appendingPathComponent("element/1/" + name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(field: "public", "'\(path)' is missing: set SIWA_PUBLIC_DIR to the folder holding element/1/")
            }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }
}
