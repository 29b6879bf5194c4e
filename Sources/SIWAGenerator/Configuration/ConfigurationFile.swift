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
            switch key {
            case "modes", "types", "styles", "locales", "scales", "formats", "presets", "strings":
                try overrides.setList(key, try listItems(key, value, fileName), fieldLocation: at)
            case "sizes":
                try overrides.setList(key, try listItems(key, value, fileName, allowMappings: true), fieldLocation: at)
            case "client-id", "redirect-uri", "scope", "templates", "naming", "ios-imagesets":
                guard case .scalar(let scalar) = value, !value.isPlainNull || key == "scope" else {
                    throw ConfigurationError(field: key, "must be a single text value", location: at)
                }
                try overrides.setValue(key, value.isPlainNull ? "" : scalar.string, label: key, location: at)
            case "use-popup":
                guard let flag = value.bool else {
                    throw ConfigurationError(field: key, "must be true or false", location: at)
                }
                overrides.usePopup = flag
            default:
                throw ConfigurationError(
                    field: key.isEmpty ? "(key)" : key,
                    "unknown field: expected one of " + ConfigurationOverrides.fields.joined(separator: ", "),
                    location: keyNode.place(in: fileName))
            }
        }
        return overrides
    }

    /// A list is a YAML sequence of scalars, or one scalar with commas (as on the
    /// command line). Size entries may also be `{width: 250, height: 44, radius: 50}`.
    private static func listItems(_ key: String, _ node: Node, _ fileName: String, allowMappings: Bool = false) throws(ConfigurationError)
        -> [(value: String, label: String, location: String?)]
    {
        switch node {
        case .scalar(let scalar) where !node.isPlainNull:
            return ConfigurationOverrides.commaList(scalar.string, flag: key).map {
                (value: $0.value, label: key, location: node.place(in: fileName))
            }
        case .sequence(let sequence):
            var items: [(value: String, label: String, location: String?)] = []
            for (i, element) in sequence.enumerated() {
                let label = "\(key)[\(i)]"
                switch element {
                case .scalar(let scalar) where !element.isPlainNull:
                    items.append((value: scalar.string, label: label, location: element.place(in: fileName)))
                case .mapping(let mapping) where allowMappings:
                    items.append(
                        (
                            value: try sizeString(mapping, label: label, fileName), label: label,
                            location: element.place(in: fileName)
                        ))
                default:
                    throw ConfigurationError(
                        field: label,
                        allowMappings
                            ? "must be a size like 250x44 or {width: 250, height: 44, radius: \(ButtonSize.defaultRadius)}"
                            : "must be a single value", location: element.place(in: fileName))
                }
            }
            return items
        default:
            throw ConfigurationError(field: key, "must be a list, e.g. [a, b] or 'a, b'", location: node.place(in: fileName))
        }
    }

    /// `{width, height, radius}` checked key by key, then written in the flag syntax.
    private static func sizeString(_ mapping: Node.Mapping, label: String, _ fileName: String) throws(ConfigurationError) -> String {
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
        case .success(let size): return size.description
        case .failure(let m): throw ConfigurationError(field: label, m.text, location: Node.mapping(mapping).place(in: fileName))
        }
    }
}
