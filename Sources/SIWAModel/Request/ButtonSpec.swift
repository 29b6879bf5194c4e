/// A fully validated, normalised button: every parameter has its value (defaults
/// filled in), so two requests that draw the same button have equal specs.
public struct ButtonSpec: Hashable, Sendable {
    /// The layout: Apple's three endpoints (`/appleid/button`, `/left`, `/logo`).
    public enum Mode: String, CaseIterable, Sendable {
        case center, left, logo
    }

    /// The title: Apple's `type` parameter.
    public enum Kind: String, CaseIterable, Sendable {
        case signIn = "sign-in"
        case `continue` = "continue"
        case signUp = "sign-up"
    }

    /// The face colour: Apple's `color` parameter.
    public enum Color: String, CaseIterable, Sendable {
        case black, white
    }

    /// The logo's size: Apple's `logo-size` parameter.
    public enum LogoSize: String, CaseIterable, Sendable {
        case small, medium, large
    }

    public var mode: Mode
    public var type: Kind
    public var color: Color
    public var border: Bool
    /// Corner radius in percent of the height (Apple's pixels: 50 = pill/circle).
    public var borderRadius: Int
    public var scale: Int
    public var locale: ButtonLocale
    /// Points. For the logo-only mode both equal `size`.
    public var width: Int
    public var height: Int
    public var logoSize: LogoSize
    public var logoPosition: Int
    public var labelPosition: Int

    public init(
        mode: Mode = .center, type: Kind = .signIn, color: Color = .black, border: Bool = false,
        borderRadius: Int = 15, scale: Int = 1, locale: ButtonLocale = .default,
        width: Int? = nil, height: Int? = nil, size: Int? = nil,
        logoSize: LogoSize = .small, logoPosition: Int = 0, labelPosition: Int = 0
    ) {
        self.mode = mode
        self.type = type
        self.color = color
        self.border = border
        self.borderRadius = borderRadius
        self.scale = scale
        self.locale = locale
        if mode == .logo {
            let side = size ?? Parameter.size.defaultValue
            self.width = side
            self.height = side
        } else {
            self.width = width ?? Parameter.width.defaultValue
            self.height = height ?? Parameter.height.defaultValue
        }
        self.logoSize = logoSize
        self.logoPosition = logoPosition
        self.labelPosition = labelPosition
    }

    /// Pixel size of the PNG (and user-unit size of SVG/PDF).
    public var pixelWidth: Int { width * scale }
    public var pixelHeight: Int { height * scale }

    /// Apple's endpoint path for this button.
    public var path: String { Endpoint(mode: mode).path }

    /// The canonical query, the one spelling of this button: the endpoint's parameters in
    /// Apple's documented order, those equal to their default left out (empty for the
    /// default button). Equal specs give equal strings (cache keys, ETags) and unequal
    /// specs unequal ones. The editor's URLs (public/js/button.js) follow the same rule
    /// from the schema; `ButtonRequest.canonicalTarget` adds `format=` and `v=`.
    public var canonicalQuery: String {
        let defaults = ButtonSpec(mode: mode)
        return Endpoint(mode: mode).parameters.compactMap { parameter in
            let value = parameter.value(in: self)
            return value == parameter.value(in: defaults) ? nil : "\(parameter.name)=\(value)"
        }.joined(separator: "&")
    }

    /// Sets one parameter from its text, with the query's rules and messages: the typed
    /// entry for callers that are not parsing a URL (the generator's flags and YAML), so
    /// no layer builds a query string only to have it parsed. The parameter must belong
    /// to the spec's endpoint.
    public mutating func set(_ parameter: Parameter, to raw: String) throws(RequestError) {
        let endpoint = Endpoint(mode: mode)
        guard endpoint.parameters.contains(parameter) else {
            throw .unknownParameter(
                name: parameter.name, endpoint: endpoint.path,
                allowed: endpoint.parameters.map(\.name) + ["format", ButtonRequest.cacheBustingParameter])
        }
        guard parameter.validate(raw) else {
            throw .invalidValue(name: parameter.name, value: raw, allowed: parameter.allowedDescription)
        }
        parameter.apply(raw, to: &self)
    }

    /// `path?canonicalQuery` (the path alone for the default button), accepted by `ButtonRequest.parse`.
    public var canonicalTarget: String {
        let query = canonicalQuery
        return query.isEmpty ? path : path + "?" + query
    }
}
