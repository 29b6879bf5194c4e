/// Why a request was refused. `description` is the one-line message the CLI prints
/// and the HTTP service sends as the body of its 404.
public enum RequestError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownEndpoint(String)
    case malformed(String)
    case unknownParameter(name: String, endpoint: String, allowed: [String])
    case duplicateParameter(String)
    case invalidValue(name: String, value: String, allowed: String)

    public var description: String {
        switch self {
        case .unknownEndpoint(let path):
            return "Unknown endpoint '\(Self.shown(path))': use \(Endpoint.allCases.map(\.path).joined(separator: ", "))."
        case .malformed(let detail):
            return "Malformed query: \(Self.shown(detail, limit: 120))."
        case .unknownParameter(let name, let endpoint, let allowed):
            return "Unknown parameter '\(Self.shown(name))' for \(endpoint): allowed parameters are \(allowed.joined(separator: ", "))."
        case .duplicateParameter(let name):
            return "Parameter '\(Self.shown(name))' is given more than once."
        case .invalidValue(let name, let value, let allowed):
            return "Invalid value '\(Self.shown(value))' for parameter '\(Self.shown(name))': expected \(allowed)."
        }
    }

    /// Text from the request as it may appear in a message: one short line, so a value
    /// cannot add lines to an HTTP body or a terminal. Control and format characters are
    /// written escaped (`\n`, `\u{200F}`); long text is cut with an ellipsis.
    public static func shown(_ text: String, limit: Int = 40) -> String {
        var out = ""
        for (i, c) in text.unicodeScalars.enumerated() {
            if i == limit { return out + "…" }
            out += c.properties.generalCategory == .control || c.properties.generalCategory == .format
                ? c.escaped(asASCII: true) : String(c)
        }
        return out
    }
}
