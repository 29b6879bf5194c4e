import Foundation
import Yams

/// Reads a YAML configuration file (see the README for the keys). Strict: an unknown
/// key or a value of the wrong kind is an error naming the field and its line, since
/// a misspelt key silently ignored would quietly produce the wrong set of files.
public enum ConfigurationFile {
    public static func load(_ path: String) throws(ConfigurationError) -> ConfigurationOverrides {
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

    public static func parse(_ yaml: String, fileName: String = "config") throws(ConfigurationError) -> ConfigurationOverrides {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw ConfigurationError(
                field: "YAML", String(describing: error).trimmingCharacters(in: .whitespacesAndNewlines),
                location: fileName)
        }
        var overrides = ConfigurationOverrides()
        guard let root, !isNull(root) else { return overrides }
        guard case .mapping(let mapping) = root else {
            throw ConfigurationError(
                field: "(top level)", "must be a mapping of keys such as 'types:' and 'locales:'",
                location: where_(root, fileName))
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let at = where_(value, fileName)
            switch key {
            case "modes", "types", "styles", "locales", "scales", "formats", "presets", "strings":
                try overrides.setList(key, try listItems(key, value, fileName), fieldLocation: at)
            case "sizes":
                try overrides.setList(key, try listItems(key, value, fileName, allowMappings: true), fieldLocation: at)
            case "client-id", "redirect-uri", "scope", "templates", "naming", "ios-imagesets":
                guard case .scalar(let scalar) = value, !isNull(value) || key == "scope" else {
                    throw ConfigurationError(field: key, "must be a single text value", location: at)
                }
                try overrides.setValue(key, isNull(value) ? "" : scalar.string, label: key, location: at)
            case "use-popup":
                guard let flag = value.bool else {
                    throw ConfigurationError(field: key, "must be true or false", location: at)
                }
                overrides.usePopup = flag
            default:
                throw ConfigurationError(
                    field: key.isEmpty ? "(key)" : key,
                    "unknown field: expected one of " + ConfigurationOverrides.fields.joined(separator: ", "),
                    location: where_(keyNode, fileName))
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
        case .scalar(let scalar) where !isNull(node):
            return ConfigurationOverrides.commaList(scalar.string, flag: key).map {
                (value: $0.value, label: key, location: where_(node, fileName))
            }
        case .sequence(let sequence):
            var items: [(value: String, label: String, location: String?)] = []
            for (i, element) in sequence.enumerated() {
                let label = "\(key)[\(i)]"
                switch element {
                case .scalar(let scalar) where !isNull(element):
                    items.append((value: scalar.string, label: label, location: where_(element, fileName)))
                case .mapping(let mapping) where allowMappings:
                    items.append(
                        (
                            value: try sizeString(mapping, label: label, fileName), label: label,
                            location: where_(element, fileName)
                        ))
                default:
                    throw ConfigurationError(
                        field: label,
                        allowMappings
                            ? "must be a size like 250x44 or {width: 250, height: 44, radius: 15}"
                            : "must be a single value", location: where_(element, fileName))
                }
            }
            return items
        default:
            throw ConfigurationError(field: key, "must be a list, e.g. [a, b] or 'a, b'", location: where_(node, fileName))
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
                    location: where_(keyNode, fileName))
            }
            guard let int = value.int, int >= 0, case .scalar = value else {
                throw ConfigurationError(field: "\(label).\(key)", "must be a whole number", location: where_(value, fileName))
            }
            fields[key] = String(int)
        }
        for key in ["width", "height"] where fields[key] == nil {
            throw ConfigurationError(field: "\(label).\(key)", "is missing", location: where_(.mapping(mapping), fileName))
        }
        switch ConfigurationValues.size(
            width: fields["width"]!, height: fields["height"]!,
            radius: fields["radius"] ?? String(ButtonSize.defaultRadius))
        {
        case .success(let size): return size.description
        case .failure(let m): throw ConfigurationError(field: label, m.text, location: where_(.mapping(mapping), fileName))
        }
    }

    private static func isNull(_ node: Node) -> Bool {
        node.null != nil && node.scalar?.style == .plain
    }

    private static func where_(_ node: Node, _ fileName: String) -> String {
        node.mark.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
    }
}
