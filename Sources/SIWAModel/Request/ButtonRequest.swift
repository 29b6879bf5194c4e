/// A parsed request: the button (`spec`, in points) and how to output it: Apple's
/// `scale` and, optionally, the format asked for with `format=` (our one parameter
/// beyond Apple's). The same grammar serves the HTTP API, the CLI and the batch
/// generator.
public struct ButtonRequest: Hashable, Sendable {
    /// The button.
    public var spec: ButtonSpec
    /// The `format=` asked for; nil for none (PNG, ``OutputFormat/default``).
    public var format: OutputFormat?
    /// Pixels per point: Apple's `scale`, a whole 1-6 (the raster formats' pixels; the
    /// vector formats' user units, as Apple's grammar has it).
    public var scale: Int
    /// The `v=` token, if any: it names no part of the image; a server decides which
    /// tokens it accepts (SIWAServer's `ImageURLPolicy`).
    public var version: String?

    /// A request for `spec` in `format` at `scale`, with the `v=` token `version`.
    public init(spec: ButtonSpec, format: OutputFormat? = nil, scale: Int = 1, version: String? = nil) {
        self.spec = spec
        self.format = format
        self.scale = scale
        self.version = version
    }

    /// The canonical query of the button at this scale, the one spelling of it: the
    /// endpoint's parameters in Apple's documented order, those equal to their default
    /// left out (empty for the default button at 1x). Equal buttons and scales give equal
    /// strings (cache keys, ETags) and unequal ones unequal strings. The editor's URLs
    /// (public/js/button.js) follow the same rule from the schema.
    public var canonicalQuery: String {
        let defaults = ButtonRequest(spec: ButtonSpec(mode: spec.mode))
        return Endpoint(mode: spec.mode).parameters.compactMap { parameter in
            let value = parameter.value(in: self)
            return value == parameter.value(in: defaults) ? nil : "\(parameter.name)=\(value)"
        }.joined(separator: "&")
    }

    /// The one URL of this image: the path and canonical query, then `format=` unless it
    /// is PNG (the default), then `v=` when there is one. What the server redirects any
    /// other spelling to, and what the editor, the snippets and the generator write.
    public var canonicalTarget: String {
        var pieces = canonicalQuery.isEmpty ? [] : [canonicalQuery]
        if let format, format != .default { pieces.append("format=\(format.rawValue)") }
        if let version { pieces.append("\(Self.cacheBustingParameter)=\(version)") }
        return pieces.isEmpty ? spec.path : spec.path + "?" + pieces.joined(separator: "&")
    }

    /// Sets one parameter from its text, with the query's rules and messages: the typed
    /// entry for callers that are not parsing a URL (the generator's flags and YAML), so
    /// no layer builds a query string only to have it parsed. The parameter must belong
    /// to the spec's endpoint.
    public mutating func set(_ parameter: Parameter, to raw: String) throws(RequestError) {
        let endpoint = Endpoint(mode: spec.mode)
        guard endpoint.parameters.contains(parameter) else {
            throw .unknownParameter(
                name: parameter.name, endpoint: endpoint.path,
                allowed: endpoint.parameters.map(\.name) + ["format", Self.cacheBustingParameter])
        }
        guard parameter.validate(raw) else {
            throw .invalidValue(name: parameter.name, value: raw, allowed: parameter.allowedDescription)
        }
        parameter.apply(raw, to: &self)
    }

    /// Longest query we read; Apple's longest valid query is under 250 bytes.
    public static let maxQueryLength = 1024

    /// Parses `"/appleid/button/left?type=continue&height=44"`. A full URL
    /// (`https://host/appleid/button?...`) is accepted too: scheme and host are ignored.
    public static func parse(_ target: String) throws(RequestError) -> ButtonRequest {
        guard var rest = withoutHost(target) else { throw .unknownEndpoint(String(target)) }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let q = rest.firstIndex(of: "?") {
            return try parse(path: String(rest[..<q]), query: String(rest[rest.index(after: q)...]))
        }
        return try parse(path: String(rest), query: nil)
    }

    /// The target without a URL's scheme and host (`https://host/appleid/button?..` ->
    /// `/appleid/button?..`); nil for a URL with no path.
    public static func withoutHost(_ target: String) -> Substring? {
        var rest = Substring(target)
        for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        return rest
    }

    /// Parses an endpoint path and its raw (still percent-encoded) query string.
    public static func parse(path: String, query: String?) throws(RequestError) -> ButtonRequest {
        guard let endpoint = Endpoint(path: path) else { throw .unknownEndpoint(path) }
        return try parse(endpoint, QueryString(query, maxLength: maxQueryLength))
    }

    /// The button from a query already read: what a route that takes parameters of its
    /// own (the snippet and lint APIs) passes on once it has taken them out.
    /// - Parameters:
    ///   - endpoint: the layout the path named.
    ///   - query: what is left of the query once the route took its own parameters.
    ///   - alsoAllowed: the route's own names, listed with the endpoint's when a
    ///     parameter is unknown.
    public static func parse(_ endpoint: Endpoint, _ query: QueryString, alsoAllowed: [String] = []) throws(RequestError) -> ButtonRequest {
        var request = ButtonRequest(spec: ButtonSpec(mode: endpoint.mode))
        // A name is refused (unknown, or a bad value) at its first occurrence, a repeat at its second.
        try query.forEach { item throws(RequestError) in
            let (name, value) = (item.name, item.value)
            if name == "format" {
                guard let f = OutputFormat(rawValue: value) else {
                    throw .invalidValue(
                        name: name, value: value,
                        allowed: OutputFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                }
                request.format = f
            } else if name == cacheBustingParameter {
                guard isCacheBustingToken(value) else {
                    throw .invalidValue(
                        name: name, value: value,
                        allowed: "a short token (1-32 letters, digits, '.', '_', '-' or '~')")
                }
                request.version = value
            } else {
                guard let parameter = Parameter(rawValue: name), endpoint.parameters.contains(parameter) else {
                    throw .unknownParameter(
                        name: name, endpoint: endpoint.path,
                        allowed: endpoint.parameters.map(\.name) + ["format", cacheBustingParameter] + alsoAllowed)
                }
                try request.set(parameter, to: value)
            }
        }
        return request
    }

    /// `v=TOKEN`, ours, on every endpoint: ignored by the renderer (the button, its bytes
    /// and ETag are those without it), so a site can change its image URLs to refresh
    /// copies that browsers and CDNs keep for a year. The parser takes any well-formed
    /// token; the server accepts only the tokens it is configured with.
    public static let cacheBustingParameter = "v"

    /// Whether `value` is a well-formed `v=` token: 1–32 ASCII letters, digits, `.`, `_`, `-` or `~`.
    public static func isCacheBustingToken(_ value: String) -> Bool {
        (1...32).contains(value.utf8.count)
            && value.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "-"), UInt8(ascii: "~"):
                    true
                default: false
                }
            }
    }
}
