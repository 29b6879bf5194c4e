import Testing
@testable import SIWAButtons

@Suite struct TextEngineTests {
    @Test("Only the CJK characters are scaled (UTF-8 byte ranges), not \"Apple\" or the spaces")
    func cjkRuns() {
        #expect(TextEngine.cjkRuns("通过\u{2006}Apple\u{2006}登录") == [0..<6, 17..<23])
        #expect(TextEngine.cjkRuns("Apple로 로그인") == [5..<8, 9..<18])
    }
}
