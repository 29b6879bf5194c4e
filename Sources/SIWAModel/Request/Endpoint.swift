/// Apple's three image endpoints and the parameters each accepts.
public enum Endpoint: String, CaseIterable, Sendable {
    /// `/appleid/button`: the logo and title centred.
    case button = "/appleid/button"
    /// `/appleid/button/left`: the logo near the left edge, the title at `label-position`.
    case left = "/appleid/button/left"
    /// `/appleid/button/logo`: the logo alone, on a square of side `size`.
    case logo = "/appleid/button/logo"

    /// The endpoint that draws a layout.
    public init(mode: ButtonSpec.Mode) {
        switch mode {
        case .center: self = .button
        case .left: self = .left
        case .logo: self = .logo
        }
    }

    /// The path, e.g. `/appleid/button/left`.
    public var path: String { rawValue }

    /// The layout the endpoint draws.
    public var mode: ButtonSpec.Mode {
        switch self {
        case .button: .center
        case .left: .left
        case .logo: .logo
        }
    }

    /// The button parameters, in the order of Apple's documentation.
    public var parameters: [Parameter] {
        switch self {
        case .button: Self.buttonParameters
        case .left: Self.leftParameters
        case .logo: Self.logoParameters
        }
    }

    private static let buttonParameters: [Parameter] = [.color, .border, .type, .borderRadius, .width, .height, .scale, .locale]
    private static let leftParameters: [Parameter] = buttonParameters + [.labelPosition, .logoPosition, .logoSize]
    private static let logoParameters: [Parameter] = [.color, .border, .borderRadius, .size, .scale]

    /// Accepts the path with or without a trailing slash.
    public init?(path: String) {
        var p = Substring(path)
        while p.utf8.count > 1 && p.utf8.last == UInt8(ascii: "/") { p = p.dropLast() }
        guard let e = Endpoint(rawValue: String(p)) else { return nil }
        self = e
    }
}
