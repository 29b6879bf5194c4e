/// One range of a `Range: bytes=...` header (RFC 9110 §14.1.2): `first-last`, `first-` or
/// the suffix `-count`. Only a single range is supported; anything else (several ranges,
/// another unit, bad syntax) is ignored, as the RFC allows, and the whole file is sent.
enum ByteRange: Equatable {
    case from(Int, through: Int?)
    case suffix(Int)

    /// The range a `Range` header asks for, or nil to ignore the header. Numbers too large
    /// for an `Int` saturate: `bytes=99999999999999999999-` is simply past the end.
    static func parse(_ header: String) -> ByteRange? {
        let value = header.utf8.trimmed
        guard let equals = value.firstIndex(of: UInt8(ascii: "=")),
            String(decoding: value[..<equals], as: UTF8.self).lowercased() == "bytes"
        else { return nil }
        let spec = value[value.index(after: equals)...].trimmed
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        switch (number(first), number(last)) {
        case (nil, let count?) where first.isEmpty:
            return .suffix(count)
        case (let start?, nil) where last.isEmpty:
            return .from(start, through: nil)
        case (let start?, let end?) where start <= end:
            return .from(start, through: end)
        default:
            return nil  // also `first > last`, which the RFC calls invalid
        }
    }

    /// The bytes to send of a file of `size` bytes, or nil when none of the range is in
    /// the file (416).
    func resolve(size: Int) -> ClosedRange<Int>? {
        switch self {
        case .from(let start, let end):
            guard start < size else { return nil }
            return start...min(end ?? Int.max, size - 1)
        case .suffix(let count):
            guard count > 0, size > 0 else { return nil }
            return max(0, size - count)...(size - 1)
        }
    }

    /// ASCII digits only (no sign, no space), saturating at `Int.max`.
    private static func number(_ digits: Substring.UTF8View) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            value = value > (Int.max - digit) / 10 ? Int.max : value * 10 + digit
        }
        return value
    }
}

private extension BidirectionalCollection where Element == UInt8, SubSequence == Substring.UTF8View {
    /// Without the optional whitespace (space, tab) around it.
    var trimmed: Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
