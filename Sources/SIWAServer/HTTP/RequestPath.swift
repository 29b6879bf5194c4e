import Hummingbird
import SIWAButtons

/// A request path, percent-decoded and split into segments, refusing what no file name
/// or route of ours needs and what tricks file servers: bad percent-encoding, control
/// characters (a `%00` would cut the name short in C), and `..` segments, raw or encoded.
struct RequestPath: Equatable {
    /// Decoded segments; empty ones (`//`) are dropped.
    let segments: [String]
    /// The path ended with `/` (a folder).
    let hasTrailingSlash: Bool
    /// False when the path had empty segments (`//js`, `/a//b`): such a path is redirected
    /// to its canonical form, never echoed back (a Location of `//js/` names another host).
    let isCanonical: Bool

    enum Problem: Error, Equatable {
        case badPercentEncoding, controlCharacter, dotDotSegment

        var message: String {
            switch self {
            case .badPercentEncoding: "Invalid percent-encoding in the path (a '%' must start %XX, giving UTF-8)."
            case .controlCharacter: "The path contains a control character."
            case .dotDotSegment: "The path contains a '..' segment."
            }
        }
    }

    init(_ raw: String) throws(Problem) {
        guard let decoded = PercentDecoding.string(Substring(raw), plusAsSpace: false) else { throw .badPercentEncoding }
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .controlCharacter
        }
        var parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        if parts.first == "" { parts.removeFirst() }
        guard !parts.contains("..") else { throw .dotDotSegment }
        segments = parts.filter { !$0.isEmpty }.map(String.init)
        hasTrailingSlash = decoded.hasSuffix("/")
        isCanonical = decoded.hasPrefix("/") && decoded == Self.path(segments, trailingSlash: hasTrailingSlash)
    }

    /// `/a/b` or `/a/b/` (always one leading slash), as a decoded string.
    private static func path(_ segments: [String], trailingSlash: Bool) -> String {
        segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + (trailingSlash ? "/" : "")
    }

    /// The canonical path, percent-encoded for a `Location` header: one leading slash,
    /// every byte but unreserved ones (RFC 3986) encoded.
    func encoded(trailingSlash: Bool) -> String {
        let encodedSegments = segments.map { segment in
            segment.utf8.map { byte -> String in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "_"), UInt8(ascii: "~"):
                    String(UnicodeScalar(byte))
                default:
                    "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }.joined()
        }
        return Self.path(encodedSegments, trailingSlash: trailingSlash)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}

/// Refuses, before routing, a path `RequestPath` refuses: 400 with the reason, on every
/// route (the image and snippet routes need none of these either).
struct RequestPathMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if !Self.isPlain(path) {
            do {
                _ = try RequestPath(path)
            } catch {
                return PlainText.response(.badRequest, error.message, for: request)
            }
        }
        return try await next(request, context)
    }

    /// Printable ASCII without `%` and without a `/.`: nothing `RequestPath` could refuse,
    /// so the common path (every image request) skips decoding and splitting.
    static func isPlain(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"),
                !(previous == UInt8(ascii: "/") && byte == UInt8(ascii: "."))
            else { return false }
            previous = byte
        }
        return true
    }
}
