import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A VectorDrawable read back (test helper): its size, viewport and paths, and the same
/// drawing as an SVG at a scale (`pathData` → `d`, `fillColor` → `fill`, `fillType` →
/// `fill-rule`), for rsvg-convert to rasterise.
struct ParsedVectorDrawable {
    struct Element { let name: String; let attributes: [String: String] }

    /// Every element in document order, with its attributes as written (`android:width`).
    let elements: [Element]

    init(_ bytes: [UInt8]) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        guard parser.parse() else {
            throw TestSupport.CommandError(message: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        elements = reader.elements
    }

    var root: Element? { elements.first }
    var paths: [Element] { elements.filter { $0.name == "path" } }

    /// `250dp` → 250.
    func dp(_ attribute: String) -> Double? {
        guard let value = root?.attributes[attribute], value.hasSuffix("dp") else { return nil }
        return Double(value.dropLast(2))
    }

    func svg(scale: Double) throws -> String {
        guard let root, let width = dp("android:width"), let height = dp("android:height"),
            let vw = root.attributes["android:viewportWidth"], let vh = root.attributes["android:viewportHeight"]
        else { throw TestSupport.CommandError(message: "no <vector> with width, height and viewport") }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width * scale)\" height=\"\(height * scale)\" "
            + "viewBox=\"0 0 \(vw) \(vh)\">\n"
        for path in paths {
            let a = path.attributes
            let rule = a["android:fillType"] == "evenOdd" ? "evenodd" : "nonzero"
            svg +=
                "<path d=\"\(a["android:pathData"] ?? "")\" fill=\"\(Self.svgColor(a["android:fillColor"] ?? "#000000"))\" "
                + "fill-rule=\"\(rule)\"/>\n"
        }
        return svg + "</svg>\n"
    }

    /// `#AARRGGBB` → `rgba(...)`; `#RRGGBB` as is.
    static func svgColor(_ android: String) -> String {
        guard android.count == 9, let argb = UInt32(android.dropFirst(), radix: 16) else { return android }
        return "rgba(\(argb >> 16 & 0xFF),\(argb >> 8 & 0xFF),\(argb & 0xFF),\(Double(argb >> 24) / 255))"
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: name, attributes: attributes))
        }
    }
}
