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
            return "Unknown endpoint '\(path)': use \(Endpoint.allCases.map(\.path).joined(separator: ", "))."
        case .malformed(let detail):
            return "Malformed query: \(detail)."
        case .unknownParameter(let name, let endpoint, let allowed):
            return "Unknown parameter '\(name)' for \(endpoint): allowed parameters are \(allowed.joined(separator: ", "))."
        case .duplicateParameter(let name):
            return "Parameter '\(name)' is given more than once."
        case .invalidValue(let name, let value, let allowed):
            return "Invalid value '\(value)' for parameter '\(name)': expected \(allowed)."
        }
    }
}
