#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns Cairo's SVG into an embeddable, accessible, repeatable image:
/// - `role="img"`, `aria-label` and a `<title>` with the button's text;
/// - ids renamed `siwa-<hash>-<n>`: Cairo numbers surfaces with a process-wide counter
///   (so the same button differed between renders), and inlining two buttons in one
///   page would collide on Cairo's `glyph0-1`-style ids.
enum SVGFinishing {
    static func finish(_ svg: [UInt8], title: String, idSeed: String) -> [UInt8] {
        let renamed = renameIDs(svg, prefix: Array(("siwa-" + fnv1a(idSeed) + "-").utf8))
        let text = String(decoding: renamed, as: UTF8.self)
        guard let open = text.firstRange(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else {
            return renamed
        }
        let escaped = MarkupEscaping.escaped(title)
        var out = String(text[..<open.upperBound])
        out += " role=\"img\" aria-label=\"\(escaped)\""
        out += text[open.upperBound..<close]
        out += ">\n<title>\(escaped)</title>"
        out += text[text.index(after: close)...]
        return Array(out.utf8)
    }

    /// Renames every `id="x"` to prefix + ordinal, and the `#x` references to it, in
    /// two passes over the bytes (string searching per id was most of the SVG time).
    static func renameIDs(_ svg: [UInt8], prefix: [UInt8]) -> [UInt8] {
        let idOpen = Array(" id=\"".utf8)
        func token(at i: Int) -> Range<Int> {
            var j = i
            while j < svg.count, isIDByte(svg[j]) { j += 1 }
            return i..<j
        }
        func startsIDAttribute(_ i: Int) -> Bool {
            i + idOpen.count <= svg.count && svg[i] == idOpen[0] && svg[i..<i + idOpen.count].elementsEqual(idOpen)
        }
        var names: [ArraySlice<UInt8>: [UInt8]] = [:]
        for i in svg.indices where startsIDAttribute(i) {
            let name = svg[token(at: i + idOpen.count)]
            if names[name] == nil { names[name] = prefix + Array(String(names.count).utf8) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + names.count * prefix.count * 3)
        var i = 0
        while i < svg.count {
            var nameStart: Int?
            if startsIDAttribute(i) {
                out += idOpen
                nameStart = i + idOpen.count
            } else if svg[i] == UInt8(ascii: "#") {
                out.append(svg[i])
                nameStart = i + 1
            }
            guard let start = nameStart else {
                out.append(svg[i])
                i += 1
                continue
            }
            let range = token(at: start)
            out += names[svg[range]] ?? Array(svg[range])
            i = range.upperBound
        }
        return out
    }

    private static func isIDByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45 || b == 95
    }

    /// 32-bit FNV-1a as 8 hex digits: a short, stable id namespace per button.
    static func fnv1a(_ s: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
