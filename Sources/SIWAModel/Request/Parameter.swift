/// One query parameter of Apple's image endpoints: its name (Apple's spelling, `_` and
/// `-` mixed as Apple has them), the values it allows and its default.
public enum Parameter: String, CaseIterable, Sendable {
    /// Apple's `color` (`black`, `white`), `border` (`true`, `false`) and `type` (`sign-in`,
    /// `continue`, `sign-up`); defaults `black`, `false`, `sign-in`.
    case color, border, type
    /// Apple's `border_radius`: corner radius in percent of the height, 0–50, default 15.
    case borderRadius = "border_radius"
    /// Apple's `width` (130–375 points, default 140), `height` (30–64 points, default 30),
    /// `size` (the logo-only button's side in points: 30–64 as Apple's JS limits it, default
    /// 30; Apple documents neither), `scale` (pixels per point, 1–6, default 1) and `locale`
    /// (one of the 37 codes, default `en_US`).
    case width, height, size, scale, locale
    /// Apple's `label-position` (left-aligned): the title's distance from the left edge in
    /// points, 0–182 (clamped as Apple does), default 0.
    case labelPosition = "label-position"
    /// Apple's `logo-position` (left-aligned): the logo's distance from the left edge in
    /// points, 0–182 (clamped as Apple does), default 0.
    case logoPosition = "logo-position"
    /// Apple's `logo-size` (left-aligned): `small`, `medium` or `large`, default `small`.
    case logoSize = "logo-size"

    /// The name in a query, Apple's spelling (`border_radius`, `logo-size`).
    public var name: String { rawValue }

    /// What the parameter accepts.
    public enum Domain: Sendable {
        /// Whole numbers in this range, as plain decimal digits (no sign, no leading zero).
        case integer(ClosedRange<Int>)
        /// One of these strings, exactly.
        case choice([String])
    }

    /// The values the parser accepts, as the schema and error messages state them.
    public var domain: Domain {
        switch self {
        case .color: .choice(ButtonSpec.Color.allCases.map(\.rawValue))
        case .border: .choice(["true", "false"])
        case .type: .choice(ButtonSpec.Kind.allCases.map(\.rawValue))
        case .borderRadius: .integer(0...50)
        case .width: .integer(130...375)
        case .height: .integer(30...64)
        // Apple documents no range for the logo's side; 30-64 matches its JS limits.
        case .size: .integer(30...64)
        case .scale: .integer(1...6)
        case .locale: .choice(ButtonLocale.all.map(\.code))
        case .labelPosition, .logoPosition: .integer(0...182)
        case .logoSize: .choice(ButtonSpec.LogoSize.allCases.map(\.rawValue))
        }
    }

    /// Default for the integer parameters (Apple's; `size` has none at Apple, we use 30).
    public var defaultValue: Int {
        switch self {
        case .borderRadius: 15
        case .width: ButtonSchema.HIG.minimumWidth
        case .height, .size: 30
        case .scale: 1
        default: 0
        }
    }

    /// Human description of the allowed values, used in error messages and docs.
    public var allowedDescription: String {
        switch domain {
        case .integer(let r): "an integer from \(r.lowerBound) to \(r.upperBound)"
        case .choice(let values) where values.count > 6: "one of \(values.joined(separator: ", "))"
        case .choice(let values):
            values.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(values.last!)'"
        }
    }

    /// A parameter's value, typed (the manifest and the schema write numbers as numbers).
    public enum Value: Equatable, Sendable {
        /// A number (`width`, `scale`, ...).
        case integer(Int)
        /// A boolean (`border`; the web flow's `use-popup`).
        case flag(Bool)
        /// Text (`color`, `type`, `locale`, `logo-size`; the web flow's `scope`).
        case text(String)
    }

    /// The parameter's effective value in a request, typed.
    public func typedValue(in request: ButtonRequest) -> Value {
        switch self {
        case .border: .flag(request.spec.border)
        case .borderRadius, .width, .height, .size, .scale, .labelPosition, .logoPosition: .integer(Int(value(in: request))!)
        case .color, .type, .locale, .logoSize: .text(value(in: request))
        }
    }

    /// Apple's default as a typed value (`size`: ours, Apple has none).
    public var defaultTypedValue: Value {
        switch self {
        case .color: .text(ButtonSpec.Color.black.rawValue)
        case .border: .flag(false)
        case .type: .text(ButtonSpec.Kind.signIn.rawValue)
        case .locale: .text(ButtonLocale.default.code)
        case .logoSize: .text(ButtonSpec.LogoSize.small.rawValue)
        case .borderRadius, .width, .height, .size, .scale, .labelPosition, .logoPosition: .integer(defaultValue)
        }
    }

    /// One line for people: what the parameter does (the schema, the CLI's and README's tables).
    public var summary: String {
        switch self {
        case .color: "Background colour: black, or white (with the black logo and title)."
        case .border: "A thin black outline, for white buttons on white backgrounds (black buttons have none)."
        case .type: "The title: Sign in with Apple, Continue with Apple or Sign up with Apple."
        case .borderRadius: "Corner radius in percent of the height (50: a pill, or a circle for the logo)."
        case .width: "Width in points."
        case .height: "Height in points."
        case .size: "Side of the square logo-only button, in points."
        case .scale: "Pixels per point of a PNG or WebP (1-6); an SVG or PDF is the size in points times scale, a VectorDrawable dp."
        case .locale: "Language of the title, Apple's code (e.g. en_US, ar_SA, iw_IL)."
        case .labelPosition: "Left-aligned: the title's distance from the left edge, in points (clamped as Apple does)."
        case .logoPosition: "Left-aligned: the logo's distance from the left edge, in points (clamped as Apple does)."
        case .logoSize: "Left-aligned: the logo's size relative to the height."
        }
    }

    /// The endpoints that take the parameter.
    public var endpoints: [Endpoint] { Endpoint.allCases.filter { $0.parameters.contains(self) } }

    /// The parameter's effective value in a request, as it is written in a query.
    func value(in request: ButtonRequest) -> String {
        let spec = request.spec
        return switch self {
        case .color: spec.color.rawValue
        case .border: spec.border ? "true" : "false"
        case .type: spec.type.rawValue
        case .borderRadius: String(spec.borderRadius)
        case .width: String(spec.width)
        case .height: String(spec.height)
        case .size: String(spec.height)
        case .scale: String(request.scale)
        case .locale: spec.locale.code
        case .labelPosition: String(spec.labelPosition)
        case .logoPosition: String(spec.logoPosition)
        case .logoSize: spec.logoSize.rawValue
        }
    }

    /// Sets the (already validated) raw value on a request: `scale` on the request, the
    /// others on its button.
    func apply(_ raw: String, to request: inout ButtonRequest) {
        switch self {
        case .color: request.spec.color = ButtonSpec.Color(rawValue: raw)!
        case .border: request.spec.border = raw == "true"
        case .type: request.spec.type = ButtonSpec.Kind(rawValue: raw)!
        case .borderRadius: request.spec.borderRadius = Int(raw)!
        case .width: request.spec.width = Int(raw)!
        case .height: request.spec.height = Int(raw)!
        case .size: request.spec.width = Int(raw)!; request.spec.height = Int(raw)!
        case .scale: request.scale = Int(raw)!
        case .locale: request.spec.locale = ButtonLocale(code: raw)!
        case .labelPosition: request.spec.labelPosition = Int(raw)!
        case .logoPosition: request.spec.logoPosition = Int(raw)!
        case .logoSize: request.spec.logoSize = ButtonSpec.LogoSize(rawValue: raw)!
        }
    }

    /// Checks a raw value against the domain: integers are plain ASCII digits only
    /// (no sign, no fraction, no spaces), choices match exactly. Allocation-free: it runs
    /// for every parameter of every request, cache hits included.
    func validate(_ raw: String) -> Bool {
        switch self {
        case .color: return ButtonSpec.Color(rawValue: raw) != nil
        case .border: return raw == "true" || raw == "false"
        case .type: return ButtonSpec.Kind(rawValue: raw) != nil
        case .locale: return ButtonLocale(code: raw) != nil
        case .logoSize: return ButtonSpec.LogoSize(rawValue: raw) != nil
        case .borderRadius, .width, .height, .size, .scale, .labelPosition, .logoPosition:
            guard case .integer(let range) = domain else { return false }
            // Plain decimal digits, no sign, no leading zero (as Apple's JS writes them).
            let digits = raw.utf8
            guard (1...4).contains(digits.count), digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                digits.count == 1 || digits.first != 48, let n = Int(raw)
            else { return false }
            return range.contains(n)
        }
    }
}
