import Foundation
import SIWAButtons
import Yams

/// A `--labels` file: corrections to the built-in titles, as YAML `locale -> type ->
/// title`:
///
/// ```yaml
/// de_DE:
///   sign-in: Mit Apple anmelden
/// ca_ES:
///   continue: Continua amb Apple
/// ```
///
/// Strict, as the configuration file: an unknown locale or type, a value that is not
/// one line of text, a key given twice (Yams refuses those) are refused with the file, line, column and
/// `locale.type`. Only the titles given are replaced.
package struct LabelsFile: Sendable {
    /// The built-in titles with the file's in their place.
    package var titles: TitleTable
    /// `file:line:column` of each title given, keyed `locale.type` (for messages about
    /// a title found later, e.g. glyphs the fonts lack).
    package var locations: [String: String]

    /// `file:line:column` of a title the file gave.
    package func location(of locale: ButtonLocale, _ type: ButtonSpec.Kind) -> String? {
        locations["\(locale.code).\(type.rawValue)"]
    }

    package static func load(_ path: String) throws(ConfigurationError) -> LabelsFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ConfigurationError(field: "--labels", "no file '\(path)'")
        }
        if isFolder.boolValue { throw ConfigurationError(field: "--labels", "'\(path)' is a folder, not a file") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ConfigurationError(field: "--labels", "cannot read '\(path)' as UTF-8 text")
        }
        return try parse(text, fileName: path)
    }

    package static func parse(_ yaml: String, fileName: String = "labels") throws(ConfigurationError) -> LabelsFile {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            let message = String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "not YAML"
            throw ConfigurationError(field: "YAML", message, location: fileName)
        }
        var file = LabelsFile(titles: TitleTable(), locations: [:])
        guard let root, !root.isPlainNull else { return file }
        guard case .mapping(let locales) = root else {
            throw ConfigurationError(
                field: "(top level)", "must be a mapping of locales to titles, e.g. 'de_DE: {sign-in: ...}'",
                location: root.place(in: fileName))
        }
        for (localeNode, types) in locales {
            guard case .scalar(let localeKey) = localeNode, ButtonLocale(code: localeKey.string) != nil else {
                throw ConfigurationError(
                    field: localeNode.scalar?.string ?? "(key)",
                    "unknown locale: expected one of Apple's 37 locale codes, e.g. en_US",
                    location: localeNode.place(in: fileName))
            }
            let code = localeKey.string
            guard case .mapping(let titles) = types else {
                throw ConfigurationError(
                    field: code, "must be a mapping of types to titles, e.g. 'sign-in: ...'",
                    location: types.place(in: fileName))
            }
            for (typeNode, value) in titles {
                let type = typeNode.scalar?.string ?? "(key)"
                let field = "\(code).\(type)"
                guard case .scalar = typeNode, ButtonSpec.Kind(rawValue: type) != nil else {
                    throw ConfigurationError(
                        field: field, "unknown type: expected sign-in, continue or sign-up",
                        location: typeNode.place(in: fileName))
                }
                guard case .scalar(let title) = value else {
                    throw ConfigurationError(field: field, "must be one line of text", location: value.place(in: fileName))
                }
                let at = value.place(in: fileName)
                do {
                    try file.titles.set(value.isPlainNull ? "" : title.string, locale: code, type: type)
                } catch {
                    throw ConfigurationError(field: field, error.message, location: at)
                }
                file.locations[field] = at
            }
        }
        return file
    }
}
