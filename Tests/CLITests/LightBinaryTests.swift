import Foundation
import Testing

/// `siwa-buttons` starts fast because it holds only the model, the drawing and the rules
/// check: one `import Foundation` in those modules would link Foundation, CoreFoundation
/// and ICU back in (docs/performance.md, "Start-up"). In this (dynamically linked) test
/// build that shows as a library the binary needs.
@Suite struct LightBinaryTests {
    @Test("siwa-buttons needs no Foundation library; siwa-buttons-full does", .enabled(if: Executable.tool("ldd") != nil))
    func noFoundation() throws {
        func libraries(_ binary: URL) throws -> [String] {
            let result = try Executable.run(try #require(Executable.tool("ldd")), [binary.path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.output.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        }
        let foundation = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"]
        let light = try libraries(Executable.siwaButtons)
        #expect(light.contains { $0.hasPrefix("libcairo") }, "\(light)")
        #expect(light.filter { foundation.contains($0) }.isEmpty, "\(light)")
        let full = try libraries(Executable.siwaButtonsFull)
        #expect(full.contains("libFoundation.so"), "\(full)")
    }
}
