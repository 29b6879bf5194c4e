import Foundation

/// A snippet script's imports of the element's browser core (public/element/1/core/),
/// inlined, so that `siwa-init.js` and `siwa-signin.js` stay one classic script a user
/// pastes while the rules they share with the element (fresh values, the popup's form
/// post, the dark-page test) have one home. The sources are real `.js` files: node
/// parses them, `duplicates` reads them.
///
/// A source's leading `import { a, b } from '.../core/NAME.js';` lines become
/// `const { a, b } = (() => { ...NAME.js, its `export`s plain... return { ... }; })();`,
/// each module in a function of its own (no name of one reaches another), and the whole
/// script is wrapped in one more function, so nothing becomes a global of the page.
enum ScriptBundle {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `source` with its core imports inlined from `core`; a source without imports as it is.
    static func inline(_ source: String, core: URL) throws(Failure) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { importLine($0) != nil }) else { return source }
        var out = lines[..<first].map(String.init)
        out.append("(() => {")
        out.append("  'use strict';")
        var index = first
        while index < lines.count, let (names, module) = importLine(lines[index]) {
            out.append(try inlined(module, names: names, core: core, depth: 0))
            index += 1
        }
        out += lines[index...].map(String.init)
        while out.last == "" { out.removeLast() }
        out.append("})();")
        return out.joined(separator: "\n") + "\n"
    }

    /// `import { a, b } from '.../core/x.js';` as (["a", "b"], "x.js").
    private static func importLine(_ line: Substring) -> ([String], String)? {
        guard let match = line.wholeMatch(of: /import \{ ([A-Za-z0-9_, ]+) \} from '(?:[^']*\/)?core\/([A-Za-z0-9_.\/-]+\.js)';/)
        else { return nil }
        return (match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, String(match.2))
    }

    private static func inlined(_ module: String, names: [String], core: URL, depth: Int) throws(Failure) -> String {
        guard depth < 8 else { throw Failure(description: "core/\(module): imports nest too deep") }
        guard let data = FileManager.default.contents(atPath: core.appendingPathComponent(module).path) else {
            throw Failure(description: "'\(core.path)/\(module)' is missing: set SIWA_PUBLIC_DIR to the folder holding element/1/core/")
        }
        var body: [String] = []
        var exported: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if let (inner, dependency) = importLine(line) {
                body.append(try inlined(dependency, names: inner, core: core, depth: depth + 1))
            } else if let match = line.prefixMatch(of: /export (?:async )?(?:const|let|function|class) ([A-Za-z0-9_]+)/) {
                exported.append(String(match.1))
                body.append(String(line.dropFirst("export ".count)))
            } else {
                body.append(String(line))
            }
        }
        let missing = names.filter { !exported.contains($0) }
        guard missing.isEmpty else { throw Failure(description: "core/\(module) exports no \(missing.joined(separator: ", "))") }
        while body.last == "" { body.removeLast() }
        return
            (["const { \(names.joined(separator: ", ")) } = (() => {", "// core/\(module), inlined"] + body
            + ["return { \(names.joined(separator: ", ")) };", "})();"]).joined(separator: "\n")
    }
}
