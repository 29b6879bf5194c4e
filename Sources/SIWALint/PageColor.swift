#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An sRGB colour of the page around a button: `#RGB`, `#RRGGBB`, `RGB`/`RRGGBB` without
/// the `#`, or `black`/`white`.
package struct PageColor: Hashable, Sendable, CustomStringConvertible {
    /// Channels 0...1.
    package var red, green, blue: Double

    package init(red: Double, green: Double, blue: Double) {
        self.red = red; self.green = green; self.blue = blue
    }

    package static let black = PageColor(red: 0, green: 0, blue: 0)
    package static let white = PageColor(red: 1, green: 1, blue: 1)

    package init?(parsing text: String) {
        // One word, blanks around it ignored.
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1 else { return nil }
        let t = words[0].lowercased()
        if t == "black" { self = .black; return }
        if t == "white" { self = .white; return }
        var hex = Substring(t)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        // ASCII only: `isHexDigit` also accepts fullwidth digits, which `Int(_:radix:)` refuses.
        guard hex.count == 3 || hex.count == 6, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : Array(hex)
        let value = { (i: Int) in Double(Int(String(digits[i...i + 1]), radix: 16)!) / 255 }
        self.init(red: value(0), green: value(2), blue: value(4))
    }

    /// `#1c1c1e`.
    package var description: String {
        "#" + [red, green, blue].map { Self.hexByte(Int(($0 * 255).rounded())) }.joined()
    }

    private static func hexByte(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// WCAG relative luminance.
    package var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio, 1...21.
    package func contrast(with other: PageColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The largest difference in any channel, 0...1.
    package func distance(to other: PageColor) -> Double {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    /// Chroma (max - min channel): 0 for greys, 1 for pure hues.
    package var chroma: Double { max(red, green, blue) - min(red, green, blue) }

    /// Closer in contrast to white than to black: a page on which white stands out.
    package var isDark: Bool { contrast(with: .white) > contrast(with: .black) }
}
