import Foundation
import SIWAButtons

/// Escaping for the three contexts a user-supplied value lands in. The templates use
/// them like this (see TemplateSet):
/// - HTML text and double-quoted attributes: swift-mustache's `{{value}}` escapes
///   `& < > " '`, which is enough there (and only there).
/// - JavaScript string literals: in `.js` templates `{{value}}` is escaped by
///   `Escaping.javaScriptString` instead (the loader switches the content type).
/// - URLs: built in Swift with `Escaping.urlComponent` for every query value, then
///   placed with `{{url}}`, which HTML-escapes the result once more (`&` -> `&amp;`).
/// No template uses `{{{ }}}` or `{{& }}` (unescaped) for a user-supplied value.
package enum Escaping {
    /// The inside of a '...' or "..." JavaScript string: everything but letters,
    /// digits and a few harmless punctuation marks becomes `\uXXXX`, so quotes,
    /// backslashes, `<` (`</script>`), line terminators (U+2028/U+2029 too) and
    /// non-ASCII can neither end the string nor the script, whatever the file's charset.
    package static func javaScriptString(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf16.count)
        for unit in s.utf16 {
            if let scalar = Unicode.Scalar(unit), isJSSafe(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(unit, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }

    /// One query value or path segment: only RFC 3986's unreserved characters stay,
    /// everything else is percent-encoded as UTF-8 (a space becomes `%20`).
    package static func urlComponent(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// Text or a double-quoted attribute value in HTML written from Swift (the e-mail
    /// fragments): `& < > " '` as character references, as Mustache's `{{value}}` does.
    package static func html(_ s: String) -> String {
        MarkupEscaping.escaped(s, apostrophe: "&#39;")
    }

    /// A relative path of the set (`center/sign-in/black/en_US/button@2x.png`) as a
    /// URL: each segment encoded, the slashes and `@` (allowed in a path) kept.
    package static func urlPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { urlComponent(String($0)).replacingOccurrences(of: "%40", with: "@") }
            .joined(separator: "/")
    }

    private static func isJSSafe(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case " ", ".", ",", "-", "_", ":", "/", "@", "+", "=", "?", "!", "#", "$", "%", "*", "(", ")", "~", ";", "[", "]", "|", "^":
            true
        default: false
        }
    }
}
