/// `%XX` decoding of URL text, one implementation for `QueryString` (every query) and
/// the service's path checks.
package enum PercentDecoding {
    /// The decoded bytes, or nil for a `%` not followed by two hex digits. With
    /// `plusAsSpace` (query components, as HTML forms send them) `+` is a space.
    package static func bytes(_ text: Substring, plusAsSpace: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var input = text.utf8.makeIterator()
        while let byte = input.next() {
            switch byte {
            case UInt8(ascii: "+") where plusAsSpace: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    /// Decoded as UTF-8 text; nil for bad escapes or bytes that are not UTF-8.
    package static func string(_ text: Substring, plusAsSpace: Bool) -> String? {
        bytes(text, plusAsSpace: plusAsSpace).flatMap { String(validating: $0, as: UTF8.self) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
