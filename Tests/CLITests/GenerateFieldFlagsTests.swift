import Foundation
import Testing
import SIWAGenerator

/// Every option of the generator (`GeneratorField`) is a flag of `generate`, under its name.
@Suite struct GenerateFieldFlagsTests {
    @Test("generate --help lists a flag for every GeneratorField")
    func everyFieldHasAFlag() throws {
        let help = String(decoding: try Executable.siwa(["generate", "--help"]).stdout, as: UTF8.self)
        for field in GeneratorField.allCases {
            #expect(help.contains(field.flag + " ") || help.contains(field.flag + "\n"), "no \(field.flag) in generate --help")
        }
    }
}
