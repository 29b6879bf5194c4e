/// Why a render produced no image. Each is about this attempt, not the request: the same
/// request may succeed when retried (the service answers 503 with `Retry-After`).
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Cairo or HarfBuzz could not use a font the title needs (its file could not be
    /// read, FreeType failed): the title would be missing.
    case fontUnavailable(String)

    /// One line for a log or an error answer.
    public var description: String {
        switch self {
        case .fontUnavailable(let font): "The font '\(font)' could not be used (its file could not be read?); the title would be missing."
        }
    }
}
