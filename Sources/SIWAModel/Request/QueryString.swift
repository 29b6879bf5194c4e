/// The one reader of query strings, for every route and the CLI: `name=value` pieces
/// split on `&` (empty pieces skipped), each side percent-decoded to UTF-8 (`+` is a
/// space, as HTML forms send it), kept in order. A route takes out the parameters it
/// owns (`take`) and hands the rest on (to `ButtonRequest.parse(_:_:alsoAllowed:)`), so
/// they all agree on the grammar and say the same things about it.
///
/// Refused while reading, before any name is looked at: a piece without `=`, an empty
/// name, bad percent-encoding, text that is not UTF-8, a query over `maxLength` bytes.
/// A name given twice is refused when it is taken or visited (`forEach`).
public struct QueryString: Equatable, Sendable {
    /// One `name=value` pair, percent-decoded.
    public struct Item: Equatable, Sendable {
        /// The name, decoded.
        public var name: String
        /// The value, decoded (empty for `name=`).
        public var value: String

        /// An item from decoded text.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The items not taken yet, in the query's order.
    public private(set) var items: [Item]

    /// A query of items already decoded, taken as they are.
    public init(items: [Item]) {
        self.items = items
    }

    /// Reads a query string, or refuses it with a `RequestError` (`malformed`).
    ///
    /// - Parameters:
    ///   - raw: the query as sent (still percent-encoded), without the `?`; nil for none.
    ///   - maxLength: the longest query read, in bytes.
    public init(_ raw: String?, maxLength: Int? = nil) throws(RequestError) {
        items = []
        guard let raw, !raw.isEmpty else { return }
        if let maxLength, raw.utf8.count > maxLength {
            throw .malformed("the query is longer than \(maxLength) bytes")
        }
        // Byte-wise (no grapheme breaking) and one allocation for the list: the image
        // routes read a query on every request, cache hits included.
        items.reserveCapacity(raw.utf8.reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 })
        for bytes in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard let eq = bytes.firstIndex(of: UInt8(ascii: "=")) else {
                throw .malformed("'\(RequestError.shown(String(Substring(bytes))))' has no '=value'")
            }
            let name = try Self.decode(Substring(bytes[..<eq]))
            guard !name.isEmpty else { throw .malformed("a parameter has no name") }
            items.append(Item(name: name, value: try Self.decode(Substring(bytes[bytes.index(after: eq)...]))))
        }
    }

    /// Takes `name` out of the query: its value, or nil when it is not there.
    /// - Throws: `RequestError.duplicateParameter` when it is there more than once.
    public mutating func take(_ name: String) throws(RequestError) -> String? {
        guard let first = items.firstIndex(where: { $0.name == name }) else { return nil }
        guard !items[(first + 1)...].contains(where: { $0.name == name }) else { throw .duplicateParameter(name) }
        return items.remove(at: first).value
    }

    /// Visits the items in order. A name seen before is refused at its second occurrence,
    /// after `body` has accepted the first: the first thing wrong in the query is named.
    /// (Each visited name was accepted by `body`, so the look-back is as short as the list
    /// of names a route knows.)
    public func forEach(_ body: (Item) throws(RequestError) -> Void) throws(RequestError) {
        for index in items.indices {
            let item = items[index]
            if items[..<index].contains(where: { $0.name == item.name }) { throw .duplicateParameter(item.name) }
            try body(item)
        }
    }

    /// Percent-decoding of one side of a piece.
    static func decode(_ s: Substring) throws(RequestError) -> String {
        guard s.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(s) }
        guard let bytes = PercentDecoding.bytes(s, plusAsSpace: true) else {
            throw .malformed("bad percent-encoding in '\(RequestError.shown(String(s)))'")
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .malformed("'\(RequestError.shown(String(s)))' is not valid UTF-8")
        }
        return decoded
    }
}
