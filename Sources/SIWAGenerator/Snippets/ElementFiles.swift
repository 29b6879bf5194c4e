import Foundation
import SIWAButtons

/// `<apple-signin-button>` (public/element/1/: the module, its TypeScript declarations and
/// the browser core it imports, core/ with one title module per locale), copied beside
/// the snippets of the web layout: one source, the files `serve` serves, so a set and the
/// service never ship different elements.
enum ElementFiles {
    /// The public folder (`$SIWA_PUBLIC_DIR`, else found as `serve` finds it).
    static func defaultFolder() -> URL { ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR") }

    /// The files' names relative to element/1/, in a stable order: the module and its
    /// declarations, then every file of core/.
    static func names(public folder: URL = defaultFolder()) -> [String] {
        let element = folder.appendingPathComponent("element/1")
        let core = element.appendingPathComponent("core").path
        let coreFiles = (FileManager.default.enumerator(atPath: core)?.allObjects as? [String] ?? [])
            .filter { name in
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: core + "/" + name, isDirectory: &folder) && !folder.boolValue
                    && !name.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            .sorted()
        return ["apple-signin-button.js", "apple-signin-button.d.ts"] + coreFiles.map { "core/" + $0 }
    }

    /// The files as they are in the public folder.
    static func load(public folder: URL = defaultFolder()) throws(ConfigurationError) -> [(name: String, text: String)] {
        let names = names(public: folder)
        guard names.count > 2 else {
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
