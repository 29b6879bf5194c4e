import Foundation
import SIWAModel
import Testing

@testable import siwa_codegen

/// The JavaScript copies of the schema are generated (`swift run siwa-codegen`):
/// each file in the repository is what the command would write, so a hand edit, or a schema
/// change without the command, fails here without a browser.
@Suite struct GeneratedJavaScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "Each generated block in public/ is what `siwa-codegen` writes",
        arguments: GeneratedJavaScript.blocks().map(\.path))
    func fileIsGenerated(path: String) throws {
        let block = try #require(GeneratedJavaScript.blocks().first { $0.path == path })
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let start = try #require(file.firstRange(of: GeneratedJavaScript.begin), "\(path) has no generated block")
        let stop = try #require(file[start.lowerBound...].firstRange(of: GeneratedJavaScript.end + "\n"))
        // The block alone, so that a failure shows the lines that differ, not the whole file.
        #expect(file[start.lowerBound..<stop.upperBound] == block.text[...], "\(path) differs: run `\(GeneratedJavaScript.command)`")
    }

    @Test("The facts hold every locale and the defaults")
    func factsBlock() {
        let block = GeneratedJavaScript.factsBlock()
        #expect(block.contains("  en_US: { rtl: false, box: 14, baselineOffset: 4 },\n"))
        #expect(block.contains("  ar_SA: { rtl: true, box: 14, baselineOffset: 4 },\n"))
        let localeLines = block.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(": { rtl: ") }
        #expect(localeLines.count == ButtonLocale.all.count)
        #expect(block.contains("  'border-radius': '\(Parameter.borderRadius.defaultValue)',\n"))
        #expect(block.contains("  width: '\(Parameter.width.defaultValue)',\n"))
        #expect(block.hasPrefix(GeneratedJavaScript.begin + "\n") && block.hasSuffix(GeneratedJavaScript.end + "\n"))
    }

    @Test("The facts' TOKEN pattern takes exactly the v= tokens ButtonRequest takes")
    func tokenPattern() throws {
        let pattern = try Regex(GeneratedJavaScript.tokenPattern)
        var samples = ["", "a", "2026-11", "a.b_c-d~e", String(repeating: "x", count: 32), String(repeating: "x", count: 33)]
        samples += ["a b", "a/b", "é", "a%20", "a+b", "\u{0}", "a\n", "A-Z", "~"]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09._~-/+%é ?#\n")
        for _ in 0..<2000 {
            samples.append(String((0..<Int.random(in: 0...34, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for sample in samples {
            let matched = (try pattern.wholeMatch(in: sample)) != nil
            #expect(matched == ButtonRequest.isCacheBustingToken(sample), "\(sample.debugDescription)")
        }
    }

    @Test("A block is replaced between its markers, and a file without them is refused")
    func replacing() {
        let file = "a\n\(GeneratedJavaScript.begin)\nold\n\(GeneratedJavaScript.end)\nb\n"
        let block = "\(GeneratedJavaScript.begin)\nnew\n\(GeneratedJavaScript.end)\n"
        #expect(GeneratedJavaScript.replacingBlock(in: file, with: block) == "a\n" + block + "b\n")
        #expect(GeneratedJavaScript.replacingBlock(in: "a\nb\n", with: block) == nil)
    }
}
