/// Reads JSON of one shape, an array of objects whose values are all strings, as
/// `titles.json` is. It runs at every start of the process, and `JSONDecoder` spent
/// about a tenth of a whole-process `render` there instantiating its generic
/// containers (each first use scans the conformance records of the whole binary);
/// this reader spends almost nothing. `LabelTableTests` hold it to `JSONDecoder` on
/// the real file and on escapes.
enum StringTableJSON {
    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let expected: String
        var description: String { "titles JSON: expected \(expected) at byte \(offset)" }
    }

    static func objects(_ bytes: [UInt8]) throws(SyntaxError) -> [[String: String]] {
        var reader = Reader(bytes: bytes)
        var rows: [[String: String]] = []
        try reader.expect(UInt8(ascii: "["))
        if try !reader.consume(UInt8(ascii: "]")) {
            repeat { rows.append(try reader.object()) } while try reader.consume(UInt8(ascii: ","))
            try reader.expect(UInt8(ascii: "]"))
        }
        reader.skipSpace()
        guard reader.index == bytes.count else { throw SyntaxError(offset: reader.index, expected: "the end") }
        return rows
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// Skips space, then takes `byte` if it is next.
        mutating func consume(_ byte: UInt8) throws(SyntaxError) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func expect(_ byte: UInt8) throws(SyntaxError) {
            guard try consume(byte) else { throw SyntaxError(offset: index, expected: "'\(Character(Unicode.Scalar(byte)))'") }
        }

        mutating func object() throws(SyntaxError) -> [String: String] {
            var object: [String: String] = [:]
            try expect(UInt8(ascii: "{"))
            if try consume(UInt8(ascii: "}")) { return object }
            repeat {
                let key = try string()
                try expect(UInt8(ascii: ":"))
                object[key] = try string()
            } while try consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
            return object
        }

        mutating func string() throws(SyntaxError) -> String {
            try expect(UInt8(ascii: "\""))
            var utf8: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0..<0x20:
                    throw SyntaxError(offset: index - 1, expected: "no control character in a string")
                default:
                    utf8.append(byte)
                }
            }
            throw SyntaxError(offset: index, expected: "the end of the string")
        }

        private mutating func escape(into utf8: inout [UInt8]) throws(SyntaxError) {
            guard index < bytes.count else { throw SyntaxError(offset: index, expected: "an escape") }
            let byte = bytes[index]
            index += 1
            let simple: [UInt8: UInt8] = [
                UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
                UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
            ]
            if let plain = simple[byte] {
                utf8.append(plain)
                return
            }
            guard byte == UInt8(ascii: "u") else { throw SyntaxError(offset: index - 1, expected: "an escape") }
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                // A surrogate pair: \uD83D\uDE00.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw SyntaxError(offset: index, expected: "a low surrogate") }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw SyntaxError(offset: index - 4, expected: "a low surrogate") }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw SyntaxError(offset: index - 4, expected: "a Unicode scalar") }
            utf8.append(contentsOf: String(Character(scalar)).utf8)
        }

        private mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count,
                bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw SyntaxError(offset: index, expected: "four hex digits") }
            index += 4
            return value
        }
    }
}
