/// Apple's three image endpoints and the parameters each accepts.
public enum Endpoint: String, CaseIterable, Sendable {
    case button = "/appleid/button"
    case left = "/appleid/button/left"
    case logo = "/appleid/button/logo"

    public init(mode: ButtonSpec.Mode) {
        switch mode {
        case .center: self = .button
        case .left: self = .left
        case .logo: self = .logo
        }
    }

    public var path: String { rawValue }

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
        case .button:
            [.color, .border, .type, .borderRadius, .width, .height, .scale, .locale]
        case .left:
            [.color, .border, .type, .borderRadius, .width, .height, .scale, .locale,
             .labelPosition, .logoPosition, .logoSize]
        case .logo:
            [.color, .border, .borderRadius, .size, .scale]
        }
    }

    /// Accepts the path with or without a trailing slash.
    public init?(path: String) {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        guard let e = Endpoint(rawValue: p) else { return nil }
        self = e
    }
}
