/// Text and double-quoted attribute values in XML (the SVG's title) and HTML (the
/// e-mail fragments): `& < > " '` as character references.
package enum MarkupEscaping {
    /// The text with `& < > " '` as character references.
    /// - Parameters:
    ///   - s: the text or attribute value, unescaped.
    ///   - apostrophe: `&apos;` for XML; `&#39;` for HTML, which older readers
    ///     (e-mail clients) understand and swift-mustache's `{{value}}` writes.
    package static func escaped(_ s: String, apostrophe: String = "&apos;") -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            default: out.append(c)
            }
        }
        return out
    }
}
