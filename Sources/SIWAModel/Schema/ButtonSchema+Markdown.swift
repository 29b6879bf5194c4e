extension ButtonSchema {
    /// The parameters as the Markdown table of docs/render.md (a test keeps the two
    /// equal): `siwa-buttons schema --markdown`.
    public var parameterTable: String {
        var lines = ["| parameter | endpoints | values | default | what |", "|---|---|---|---|---|"]
        for p in parameters {
            let endpoints =
                p.endpoints.count == Endpoint.allCases.count
                ? "all"
                : p.endpoints.map { String($0.split(separator: "/").last ?? "") }.joined(separator: ", ")
            let values =
                switch p.type {
                case "integer": "\(p.minimum ?? 0)–\(p.maximum ?? 0)"
                case "boolean": "`true`, `false`"
                case "token": "a short token"
                default:
                    (p.values ?? []).count > 6
                        ? "one of the \((p.values ?? []).count) locales below"
                        : (p.values ?? []).map { "`\($0)`" }.joined(separator: ", ")
                }
            let fallback =
                switch p.default {
                case .integer(let n)?: "\(n)"
                case .flag(let b)?: "`\(b)`"
                case .text(let t)?: "`\(t)`"
                case nil: "—"
                }
            let name = "`\(p.name)`" + (p.origin == "ours" ? " (ours)" : "")
            lines.append("| \(name) | \(endpoints) | \(values) | \(fallback) | \(p.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ButtonSchema {
    /// The parameters as plain text for the CLI's help (`siwa-buttons render --help`).
    public var parameterHelp: String {
        parameters.map { p in
            let values =
                switch p.type {
                case "integer": "\(p.minimum ?? 0)-\(p.maximum ?? 0)"
                case "boolean": "true, false"
                case "token": "a short token"
                default:
                    (p.values ?? []).count > 6
                        ? "one of \((p.values ?? []).count) locale codes"
                        : (p.values ?? []).joined(separator: ", ")
                }
            let fallback =
                switch p.default {
                case .integer(let n)?: ", default \(n)"
                case .flag(let b)?: ", default \(b)"
                case .text(let t)?: ", default \(t)"
                case nil: ""
                }
            let endpoints =
                p.endpoints.count == Endpoint.allCases.count
                ? ""
                : " [" + p.endpoints.map { String($0.split(separator: "/").last ?? "") }.joined(separator: ", ") + "]"
            return "  \(p.name)\(endpoints): \(values)\(fallback)"
        }.joined(separator: "\n")
    }
}
