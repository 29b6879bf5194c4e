import Foundation
import Testing
@testable import SIWALint

/// What `LintRules.registry` promises of every rule in it: it is checked on what it says,
/// a test names it, and the docs' table has its row. (docs/extending.md, "Adding a lint rule".)
@Suite("Every registered rule is checked, tested and documented")
struct RuleRegistryTests {
    static let tests = LintTestSupport.packageRoot.appendingPathComponent("Tests/SIWALintTests/Rules")

    @Test("Each rule checks every subject it names (requests, images), and names every subject it checks")
    func checks() {
        for type in LintRules.registry {
            let rule = type.rule
            let subjects = LintRule.Subject.allCases.filter(rule.subjects.contains).map(\.rawValue)
            #expect(!rule.subjects.isEmpty, "\(rule.id): no check (conform to RequestRule, ImageRule or PageRule)")
            #expect(
                rule.subjects.contains(.request) == (type is any RequestRule.Type),
                "\(rule.id): subjects \(subjects) but \(type) is\((type is any RequestRule.Type) ? "" : " not") a RequestRule")
            #expect(
                rule.subjects.contains(.image) == (type is any ImageRule.Type),
                "\(rule.id): subjects \(subjects) but \(type) is\((type is any ImageRule.Type) ? "" : " not") an ImageRule")
        }
    }

    /// The convention: a `@Test` whose name starts with the rule's id (or ids joined by
    /// " and "), then a colon, in RequestRuleTests.swift for a rule checked on requests
    /// and in ImageRuleTests.swift for one checked on images.
    @Test("Each rule is named by a test in RequestRuleTests and/or ImageRuleTests, per subject it is checked on")
    func tested() throws {
        let files: [LintRule.Subject: String] = [.request: "RequestRuleTests.swift", .image: "ImageRuleTests.swift"]
        for (subject, file) in files {
            let named = try Self.ruleIDsNamedByTests(in: String(contentsOf: Self.tests.appendingPathComponent(file), encoding: .utf8))
            for rule in LintRules.all where rule.subjects.contains(subject) {
                #expect(
                    named.contains(rule.id), "\(rule.id) is checked on \(subject.rawValue)s but no @Test(\"\(rule.id): ...\") in \(file)")
            }
        }
    }

    @Test("The test-name convention is read as documented")
    func convention() {
        let source = """
            @Test("min-width and min-height: 140 x 30 pt pass")
            @Test("colors: a grey face fails")
            @Test("Recommendations: white on dark pages")
            @Test("a rule-like id inside: not at the start")
            """
        #expect(Self.ruleIDsNamedByTests(in: source) == ["min-width", "min-height", "colors"])
    }

    @Test("Each rule has a row in docs/lint.md's table under \"Apple's rules: siwa-buttons lint\"")
    func documented() throws {
        let reference = try String(contentsOf: LintTestSupport.packageRoot.appendingPathComponent("docs/lint.md"), encoding: .utf8)
        let section = try #require(reference.components(separatedBy: "\n## ").first { $0.hasPrefix("Apple's rules: `siwa-buttons lint`") })
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for rule in LintRules.all {
            #expect(
                rows.contains { $0.hasPrefix("| \(rule.id) |") },
                "no row for \(rule.id) in docs/lint.md (paste `siwa-buttons lint --rules`)")
        }
    }

    /// The rule ids at the start of `@Test` names, in order.
    static func ruleIDsNamedByTests(in source: String) -> [String] {
        source.matches(of: /@Test\("([a-z-]+(?: and [a-z-]+)*):/).flatMap {
            $0.output.1.split(separator: " and ").map(String.init)
        }
    }
}
