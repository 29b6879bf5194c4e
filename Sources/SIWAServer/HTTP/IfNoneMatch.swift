import HTTPTypes

/// `If-None-Match` as RFC 9110 §13.1.2 reads it: a comma-separated list of entity
/// tags, compared weakly (a proxy that compresses a response may turn `"x"` into
/// `W/"x"`), or `*`. Hummingbird's `Request.ifNoneMatch` compares each header line
/// with the tag as a whole, so a list or a weakened tag would never get its 304.
enum IfNoneMatch {
    static func matches(_ fields: HTTPFields, eTag: String) -> Bool {
        let ours = opaque(eTag)
        for line in fields[values: .ifNoneMatch] {
            for candidate in line.split(separator: ",") {
                let tag = candidate.trimmingCharacters(in: " \t")
                if tag == "*" || opaque(tag) == ours { return true }
            }
        }
        return false
    }

    /// The quoted tag without a weakness prefix.
    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let tag = Substring(tag)
        return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return s
    }
}
