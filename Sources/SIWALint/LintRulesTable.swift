#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LintRules {
    /// The catalogue as a Markdown table (`siwa-buttons lint --rules`), for the README.
    package static var markdownTable: String {
        var lines = ["| id | severity | checked on | rule and fix | Apple's words |", "|---|---|---|---|---|"]
        for rule in all {
            let subjects = LintRule.Subject.allCases.filter(rule.subjects.contains).map { $0 == .request ? "requests" : "images" }
            let cells = [rule.id, rule.severity.rawValue, subjects.joined(separator: ", "), "\(rule.name): \(rule.fix)", rule.hig]
            lines.append("| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
