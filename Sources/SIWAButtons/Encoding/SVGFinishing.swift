import Foundation

/// Turns Cairo's SVG into an embeddable, accessible, repeatable image:
/// - `role="img"`, `aria-label` and a `<title>` with the button's text;
/// - ids renamed `siwa-<hash>-<n>`: Cairo numbers surfaces with a process-wide counter
///   (so the same button differed between renders), and inlining two buttons in one
///   page would collide on Cairo's `glyph0-1`-style ids.
enum SVGFinishing {
    static func finish(_ svg: [UInt8], title: String, idSeed: String) -> [UInt8] {
        var text = String(decoding: svg, as: UTF8.self)
        text = renameIDs(text, prefix: "siwa-" + fnv1a(idSeed))
        guard let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else {
            return Array(text.utf8)
        }
        let escaped = escapeXML(title)
        var out = String(text[..<open.upperBound])
        out += " role=\"img\" aria-label=\"\(escaped)\""
        out += text[open.upperBound..<close]
        out += ">\n<title>\(escaped)</title>"
        out += text[text.index(after: close)...]
        return Array(out.utf8)
    }

    static func renameIDs(_ text: String, prefix: String) -> String {
        var ids: [String] = []
        var rest = text[...]
        while let start = rest.range(of: " id=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            ids.append(String(rest[..<end]))
        }
        var out = text
        for (n, id) in ids.enumerated() {
            let new = "\(prefix)-\(n)"
            out = out.replacingOccurrences(of: " id=\"\(id)\"", with: " id=\"\(new)\"")
                .replacingOccurrences(of: "\"#\(id)\"", with: "\"#\(new)\"")
                .replacingOccurrences(of: "(#\(id))", with: "(#\(new))")
        }
        return out
    }

    /// 32-bit FNV-1a as 8 hex digits: a short, stable id namespace per button.
    static func fnv1a(_ s: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    static func escapeXML(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
