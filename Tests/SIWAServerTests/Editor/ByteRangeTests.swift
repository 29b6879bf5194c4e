import Testing
@testable import SIWAServer

@Suite struct ByteRangeTests {
    @Test("Single ranges parse; anything else is ignored (nil: the whole file is sent)")
    func parse() {
        #expect(ByteRange.parse("bytes=2-4") == .from(2, through: 4))
        #expect(ByteRange.parse("bytes=999999-") == .from(999_999, through: nil))
        #expect(ByteRange.parse("bytes=-5") == .suffix(5))
        #expect(ByteRange.parse(" Bytes=0-0 ") == .from(0, through: 0))  // the unit is case-insensitive
        #expect(ByteRange.parse("bytes=99999999999999999999999-") == .from(Int.max, through: nil))
        for ignored in [
            "bytes=5-2", "bytes=0-1,3-4", "bytes=-", "bytes=--5", "bytes=+1-2", "bytes=1 -2",
            "bytes=a-b", "items=0-1", "bytes 0-1", "bytes=", "", "bytes=0x1-2", "bytes=1-2-3",
            "bytes = 0-1",
        ] {
            #expect(ByteRange.parse(ignored) == nil, "\(ignored)")
        }
    }

    @Test("Ranges resolve against the file size; nil is 416")
    func resolve() {
        let size = 10
        #expect(ByteRange.from(2, through: 4).resolve(size: size) == 2...4)
        #expect(ByteRange.from(7, through: 100).resolve(size: size) == 7...9)
        #expect(ByteRange.from(9, through: nil).resolve(size: size) == 9...9)
        #expect(ByteRange.from(10, through: nil).resolve(size: size) == nil)  // at the size: nothing left
        #expect(ByteRange.from(999_999, through: nil).resolve(size: size) == nil)
        #expect(ByteRange.from(Int.max, through: nil).resolve(size: size) == nil)
        #expect(ByteRange.suffix(5).resolve(size: size) == 5...9)  // the last 5, not the first 6
        #expect(ByteRange.suffix(15).resolve(size: size) == 0...9)
        #expect(ByteRange.suffix(Int.max).resolve(size: size) == 0...9)
        #expect(ByteRange.suffix(0).resolve(size: size) == nil)
        #expect(ByteRange.from(0, through: nil).resolve(size: 0) == nil)  // an empty file has no bytes to give
        #expect(ByteRange.suffix(1).resolve(size: 0) == nil)
    }
}
