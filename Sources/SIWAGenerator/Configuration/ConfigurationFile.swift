import Foundation
import Yams

/// Reads a YAML configuration file (see the README for the keys). Strict: an unknown
/// key or a value of the wrong kind is an error naming the field and its line, since
/// a misspelt key silently ignored would quietly produce the wrong set of files.
package enum ConfigurationFile {
    package static func load(_ path: String) throws(ConfigurationError) -> ConfigurationOverrides {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError(field: "--config", "cannot read '\(path)' as UTF-8 text")
        }
        var overrides = try parse(text, fileName: path)
        // A relative templates folder is relative to the file that names it.
        if let templates = overrides.templates, !templates.hasPrefix("/") {
            let base = URL(fileURLWithPath: path).deletingLastPathComponent()
            overrides.templates = base.appendingPathComponent(templates).standardized.path
        }
        return overrides
    }

    package static func parse(_ yaml: String, fileName: String = "config") throws(ConfigurationError) -> ConfigurationOverrides {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw ConfigurationError(
                field: "YAML", String(describing: error).trimmingCharacters(in: .whitespacesAndNewlines),
                location: fileName)
        }
        var overrides = ConfigurationOverrides()
        guard let root, !root.isPlainNull else { return overrides }
        guard case .mapping(let mapping) = root else {
            throw ConfigurationError(
                field: "(top level)", "must be a mapping of keys such as 'types:' and 'locales:'",
                location: root.place(in: fileName))
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let at = value.place(in: fileName)
            guard let field = GeneratorField(rawValue: key) else {
                throw ConfigurationError(
                    field: key.isEmpty ? "(key)" : key,
                    "unknown field: expected one of " + GeneratorField.allCases.map(\.rawValue).joined(separator: ", "),
                    location: keyNode.place(in: fileName))
            }
            do throws(ConfigurationError) {
                if field.isList {
                    try overrides.setList(field, try listItems(key, value, fileName, sizes: field == .sizes), fieldLocation: at)
                } else if field == .usePopup {
                    guard let flag = value.bool else {
                        throw ConfigurationError(field: key, "must be true or false", location: at)
                    }
                    overrides.usePopup = flag
                } else {
                    guard case .scalar(let scalar) = value, !value.isPlainNull || field == .scope else {
                        throw ConfigurationError(field: key, "must be a single text value", location: at)
                    }
                    try overrides.setValue(field, value.isPlainNull ? "" : scalar.string, label: key, location: at)
                }
            } catch {
                throw error.of(field)
            }
        }
        return overrides
    }

    /// A list is a YAML sequence of scalars, or one scalar with commas (as on the
    /// command line). Size entries may also be `{width: 250, height: 44, radius: 50}`.
    private static func listItems(_ key: String, _ node: Node, _ fileName: String, sizes: Bool) throws(ConfigurationError)
        -> [ConfigurationItem]
    {
        switch node {
        case .scalar(let scalar) where !node.isPlainNull:
            return ConfigurationOverrides.commaList(scalar.string, flag: key).map {
                ConfigurationItem($0.value, label: key, location: node.place(in: fileName))
            }
        case .sequence(let sequence):
            var items: [ConfigurationItem] = []
            for (i, element) in sequence.enumerated() {
                let label = "\(key)[\(i)]"
                switch element {
                case .scalar(let scalar) where !element.isPlainNull:
                    items.append(ConfigurationItem(scalar.string, label: label, location: element.place(in: fileName)))
                case .mapping(let mapping) where sizes:
                    let size = try size(mapping, label: label, fileName)
                    items.append(ConfigurationItem(size.description, label: label, location: element.place(in: fileName), size: size))
                default:
                    throw ConfigurationError(
                        field: label,
                        sizes
                            ? "must be a size like 250x44 or {width: 250, height: 44, radius: \(ButtonSize.defaultRadius)}"
                            : "must be a single value", location: element.place(in: fileName))
                }
            }
            return items
        default:
            throw ConfigurationError(field: key, "must be a list, e.g. [a, b] or 'a, b'", location: node.place(in: fileName))
        }
    }

    /// `{width, height, radius}` checked key by key.
    private static func size(_ mapping: Node.Mapping, label: String, _ fileName: String) throws(ConfigurationError) -> ButtonSize {
        var fields: [String: String] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard ["width", "height", "radius"].contains(key) else {
                throw ConfigurationError(
                    field: "\(label).\(key)", "is not a size field: expected width, height, radius",
                    location: keyNode.place(in: fileName))
            }
            guard let int = value.int, int >= 0, case .scalar = value else {
                throw ConfigurationError(field: "\(label).\(key)", "must be a whole number", location: value.place(in: fileName))
            }
            fields[key] = String(int)
        }
        for key in ["width", "height"] where fields[key] == nil {
            throw ConfigurationError(field: "\(label).\(key)", "is missing", location: Node.mapping(mapping).place(in: fileName))
        }
        switch ConfigurationValues.size(
            width: fields["width"]!, height: fields["height"]!,
            radius: fields["radius"] ?? String(ButtonSize.defaultRadius))
        {
        case .success(let size): return size
        case .failure(let m): throw ConfigurationError(field: label, m.message, location: Node.mapping(mapping).place(in: fileName))
        }
    }
}
