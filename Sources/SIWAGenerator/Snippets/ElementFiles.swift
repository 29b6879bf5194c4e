import Foundation
import SIWAButtons

/// `<apple-signin-button>` (public/element/1/: the module and its TypeScript
/// declarations), copied beside the snippets of the web layout: one source, the file
/// `serve` serves, so a set and the service never ship different elements.
enum ElementFiles {
    static let names = ["apple-signin-button.js", "apple-signin-button.d.ts"]

    /// The files as they are in the public folder (`$SIWA_PUBLIC_DIR`, else found as
    /// `serve` finds it).
    static func load(public folder: URL = ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR"))
        throws(ConfigurationError) -> [(name: String, text: String)]
    {
        try names.map { name throws(ConfigurationError) in
            let path = folder.appendingPathComponent("element/1/" + name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(field: "public", "'\(path)' is missing: set SIWA_PUBLIC_DIR to the folder holding element/1/")
            }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }
}
