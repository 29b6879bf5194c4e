/// Width and height in pixels from a PNG's header (its IHDR chunk), or nil when the
/// bytes do not start with a PNG signature and an IHDR chunk. The one reader of the
/// Swift tests.
public func pngSize(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
    let head = Array(bytes.prefix(24))
    guard head.count == 24, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        head[12..<16].elementsEqual(Array("IHDR".utf8))
    else { return nil }
    func be32(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
