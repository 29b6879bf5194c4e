/// A fully validated, normalised button in points: every parameter that describes the
/// button has its value (defaults filled in), so two requests that draw the same button
/// have equal specs. How it is output (format, pixels per point) is not the button's: a
/// request carries it (``ButtonRequest/format``, ``ButtonRequest/scale``) and the
/// renderer takes it (SIWAButtons' `render(_:format:scale:)`).
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
    public var locale: ButtonLocale
    /// Points. For the logo-only mode both equal `size`.
    public var width: Int
    public var height: Int
    public var logoSize: LogoSize
    public var logoPosition: Int
    public var labelPosition: Int

    public init(
        mode: Mode = .center, type: Kind = .signIn, color: Color = .black, border: Bool = false,
        borderRadius: Int = 15, locale: ButtonLocale = .default,
        width: Int? = nil, height: Int? = nil, size: Int? = nil,
        logoSize: LogoSize = .small, logoPosition: Int = 0, labelPosition: Int = 0
    ) {
        self.mode = mode
        self.type = type
        self.color = color
        self.border = border
        self.borderRadius = borderRadius
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

    /// Apple's endpoint path for this button.
    public var path: String { Endpoint(mode: mode).path }
}
