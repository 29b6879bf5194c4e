/// Why a request was refused, for every front end: the parameter at fault (nil when the
/// request as a whole is: its path, its length, a piece that is not `name=value`), what
/// is wrong with its value (`reason`, worded to stand beside a form field), and the one
/// line saying both (`message`). The CLI prints the message, the image endpoints send it
/// as the body of their 404, the API routes send all three as JSON.
public struct RequestError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What class of bad input the request is.
    public enum Kind: String, Sendable {
        /// In order: a path that is no endpoint, a query that does not parse, a name the
        /// endpoint or route does not take, a name given twice, a required parameter left
        /// out, a value it does not allow.
        case unknownEndpoint, malformed, unknownParameter, duplicateParameter, missingParameter, invalidValue
        /// Well-formed, but not served here (a parameter a route refuses, a set too large).
        case refused
    }

    /// What class of bad input it is.
    public var kind: Kind
    /// The parameter as the request names it (`width`, `client-id`); nil when the request as a whole is refused.
    public var parameter: String?
    /// What is wrong, without naming the parameter (`expected an integer from 130 to 375`).
    public var reason: String
    /// One line naming the parameter and the reason: control characters of quoted text escaped.
    public var message: String

    /// An error from its parts, as given (the static functions below word the usual ones).
    public init(_ kind: Kind, parameter: String?, reason: String, message: String) {
        self.kind = kind
        self.parameter = parameter
        self.reason = reason
        self.message = message
    }

    /// A refusal of the request as a whole, in its own words (`This set has 87 files, ...`).
    public init(refusing message: String) {
        self.init(.refused, parameter: nil, reason: message, message: message)
    }

    /// The message.
    public var description: String { message }

    /// A path that is not one of `endpoints` (Apple's three image endpoints by default).
    public static func unknownEndpoint(_ path: String, endpoints: [String] = Endpoint.allCases.map(\.path)) -> RequestError {
        let message = "Unknown endpoint '\(shown(path))': use \(endpoints.joined(separator: ", "))."
        return RequestError(.unknownEndpoint, parameter: nil, reason: message, message: message)
    }

    /// A query that does not parse: `detail` says where (`a parameter has no name`).
    public static func malformed(_ detail: String) -> RequestError {
        RequestError(.malformed, parameter: nil, reason: detail, message: "Malformed query: \(shown(detail, limit: 120)).")
    }

    /// A parameter `endpoint` does not take; `allowed` lists those it does.
    public static func unknownParameter(name: String, endpoint: String, allowed: [String]) -> RequestError {
        let allowedText = "allowed parameters are \(allowed.joined(separator: ", "))"
        return RequestError(
            .unknownParameter, parameter: name, reason: "not a parameter of \(endpoint): \(allowedText)",
            message: "Unknown parameter '\(shown(name))' for \(endpoint): \(allowedText).")
    }

    /// A parameter given more than once.
    public static func duplicateParameter(_ name: String) -> RequestError {
        RequestError(
            .duplicateParameter, parameter: name, reason: "given more than once",
            message: "Parameter '\(shown(name))' is given more than once.")
    }

    /// `hint`: what to give (`the Services ID registered with Apple, e.g. com.example.web`).
    public static func missingParameter(_ name: String, hint: String) -> RequestError {
        RequestError(
            .missingParameter, parameter: name, reason: "required: \(hint)",
            message: "Missing parameter '\(shown(name))': \(hint).")
    }

    /// A value outside a known set or range: `allowed` says what it takes.
    public static func invalidValue(name: String, value: String, allowed: String) -> RequestError {
        RequestError(
            .invalidValue, parameter: name, reason: "expected \(allowed)",
            message: "Invalid value '\(shown(value))' for parameter '\(shown(name))': expected \(allowed).")
    }

    /// A value refused by a check with its own words (`must be an https:// URL`), which
    /// quote the value themselves if they need to.
    public static func invalidValue(name: String, reason: String) -> RequestError {
        let end = reason.hasSuffix(".") ? "" : "."
        return RequestError(
            .invalidValue, parameter: name, reason: reason,
            message: "Invalid value for parameter '\(shown(name))': \(escapingControls(reason))\(end)")
    }

    /// A parameter this route does not take, although others do (`templates` on the export).
    public static func notAccepted(_ name: String, because why: String) -> RequestError {
        RequestError(
            .refused, parameter: name, reason: "not accepted here: \(why)",
            message: "Parameter '\(shown(name))' is not accepted here: \(why).")
    }

    /// Text from the request as it may appear in a message: one short line, so a value
    /// cannot add lines to an HTTP body or a terminal. Control and format characters are
    /// written escaped (`\n`, `\u{200F}`); long text is cut with an ellipsis.
    public static func shown(_ text: String, limit: Int = 40) -> String {
        var out = ""
        for (i, c) in text.unicodeScalars.enumerated() {
            if i == limit { return out + "…" }
            out += isEscaped(c) ? c.escaped(asASCII: true) : String(c)
        }
        return out
    }

    /// Text already cut to size (a check's own words) kept on one line.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        return text.unicodeScalars.map { isEscaped($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func isEscaped(_ c: Unicode.Scalar) -> Bool {
        c.properties.generalCategory == .control || c.properties.generalCategory == .format
    }
}
