/// A fully validated, normalised button in points: every parameter that describes the
/// button has its value (defaults filled in), so two requests that draw the same button
/// have equal specs. How it is output (format, pixels per point) is not the button's: a
/// request carries it (``ButtonRequest/format``, ``ButtonRequest/scale``) and the
/// renderer takes it (SIWAButtons' `render(_:format:scale:)`).
public struct ButtonSpec: Hashable, Sendable {
    /// The layout: Apple's three endpoints (`/appleid/button`, `/left`, `/logo`).
    public enum Mode: String, CaseIterable, Sendable {
        /// `/appleid/button` (logo and title centred), `/appleid/button/left`, `/appleid/button/logo`.
        case center, left, logo

        /// The layout's name for people: `Center-aligned`, `Left-aligned`, `Logo only`
        /// (the gallery's facets and cards, the editor's choices).
        public var displayName: String {
            switch self {
            case .center: "Center-aligned"
            case .left: "Left-aligned"
            case .logo: "Logo only"
            }
        }

        /// The name of the layout in Apple's JS (`data-mode`) and the element's `mode`:
        /// `center-align`, `left-align`, `logo-only`.
        public var appleJSName: String {
            switch self {
            case .center: "center-align"
            case .left: "left-align"
            case .logo: "logo-only"
            }
        }
    }

    /// The title: Apple's `type` parameter.
    public enum Kind: String, CaseIterable, Sendable {
        /// "Sign in with Apple", the default.
        case signIn = "sign-in"
        /// "Continue with Apple".
        case `continue` = "continue"
        /// "Sign up with Apple" (undocumented by Apple, but its service draws it).
        case signUp = "sign-up"
    }

    /// The face colour: Apple's `color` parameter.
    public enum Color: String, CaseIterable, Sendable {
        /// A black face with a white logo and title (the default), or the reverse.
        case black, white
    }

    /// The logo's size: Apple's `logo-size` parameter.
    public enum LogoSize: String, CaseIterable, Sendable {
        /// The left-aligned logo's slot: 12, 17 or 21 units of a 44-unit height; default `small`.
        case small, medium, large
    }

    /// The layout (the endpoint).
    public var mode: Mode
    /// The title: Apple's `type`.
    public var type: Kind
    /// The face colour: Apple's `color`.
    public var color: Color
    /// A black outline, drawn on white buttons only: Apple's `border`.
    public var border: Bool
    /// Corner radius in percent of the height (Apple's pixels: 50 = pill/circle).
    public var borderRadius: Int
    /// The title's language: Apple's `locale`.
    public var locale: ButtonLocale
    /// Points. For the logo-only mode both equal `size`.
    public var width: Int
    /// Points, 30–64 (Apple's `height`; `size` for the logo-only mode).
    public var height: Int
    /// Left-aligned: Apple's `logo-size`.
    public var logoSize: LogoSize
    /// Left-aligned: the logo's distance from the left edge in points, 0–182, before Apple's clamping.
    public var logoPosition: Int
    /// Left-aligned: the title's distance from the left edge in points, 0–182, before Apple's clamping.
    public var labelPosition: Int

    /// A spec with Apple's defaults for what is not given; `size` is the logo-only side,
    /// `width` and `height` the others'. Values are not checked here: the parser and
    /// ``ButtonRequest/set(_:to:)`` check them.
    public init(
        mode: Mode = .center, type: Kind = .signIn, color: Color = .black, border: Bool = false,
        borderRadius: Int = Parameter.borderRadius.defaultValue, locale: ButtonLocale = .default,
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
