import Foundation
import Testing
@testable import SIWALint

@Suite("The rules as data")
struct RuleCatalogueTests {
    @Test("Every rule has a unique id, a fix and Apple's words")
    func catalogue() {
        let ids = LintRules.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        for rule in LintRules.all {
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "id \(rule.id)")
            #expect(!rule.fix.isEmpty && !rule.hig.isEmpty && !rule.subjects.isEmpty, "\(rule.id)")
            #expect(LintRules.rule(id: rule.id) == rule)
        }
    }

    @Test("A finding's message is one line naming the rule and the fix")
    func message() {
        let finding = LintFinding(MinimumWidth.rule, "width 130 pt is below 140 pt")
        #expect(finding.message == "Minimum width: width 130 pt is below 140 pt; make the button at least 140 pt wide.")
        #expect(!finding.message.contains("\n"))
    }
}

@Suite("The rules table in the docs")
struct RulesDocumentationTests {
    @Test("docs/lint.md's rules table is `siwa-buttons lint --rules`")
    func documentedTable() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/lint.md")
        #expect(try String(contentsOf: docs, encoding: .utf8).contains(LintRules.markdownTable))
    }
}

@Suite("Page colours")
struct PageColorTests {
    @Test("#RGB, #RRGGBB and names parse; fullwidth hex digits and other text are refused, never a crash")
    func parsing() throws {
        #expect(PageColor(parsing: "#fff")?.description == "#ffffff")
        #expect(PageColor(parsing: "1C1C1E")?.description == "#1c1c1e")
        #expect(PageColor(parsing: "black")?.description == "#000000")
        for text in ["ＦＦＦ", "#ＦＦＦＦＦＦ", "#１２３", "pink", "#12", "#1234567", ""] {
            #expect(PageColor(parsing: text) == nil, "\(text)")
        }
        #expect(throws: (any Error).self) { try LintContext.parse(background: "ＦＦＦ", beside: nil, margin: nil) }
    }
}

@Suite("Page context errors")
struct PageContextErrorTests {
    @Test("A bad value is quoted with control characters escaped: the message stays one line")
    func controlCharacters() {
        for (background, beside, margin) in [("\0\nX", nil, nil), (nil, "1\nx2", nil), (nil, nil, "\r5")] as [(String?, String?, String?)] {
            do {
                _ = try LintContext.parse(background: background, beside: beside, margin: margin)
                Issue.record("accepted \(String(describing: background ?? beside ?? margin))")
            } catch {
                #expect(
                    !error.description.contains("\n") && !error.description.contains("\r") && !error.description.contains("\0"),
                    "\(error.description)")
            }
        }
    }
}
