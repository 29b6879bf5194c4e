/// Makes Cairo's SVG an accessible, embeddable image: `role="img"`, an `aria-label`
/// and a `<title>` with the button's text.
enum SVGAccessibility {
    static func annotate(_ svg: [UInt8], title: String) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else {
            return svg
        }
        let escaped = escapeXML(title)
        var out = String(text[..<open.upperBound])
        out += " role=\"img\" aria-label=\"\(escaped)\""
        out += text[open.upperBound..<close]
        out += ">\n<title>\(escaped)</title>"
        out += text[text.index(after: close)...]
        return Array(out.utf8)
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
