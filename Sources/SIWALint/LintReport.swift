import SIWAButtons
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The findings on one button (a request or an image) with the styles Apple recommends
/// on the given page colours: what the CLI prints, `/api/lint` answers and the manifest
/// records.
package struct LintReport: Sendable {
    /// What was checked: the request's canonical target or the image's file name.
    package var subject: String
    package var findings: [LintFinding]
    /// Apple's recommended styles for each page colour given.
    package var recommendations: [LintContext.Appearance: [ButtonStyle]]
    /// What an image measurement found (nil for requests), for `--json`.
    package var measurement: ButtonMeasurement?

    package init(subject: String, findings: [LintFinding], context: LintContext, measurement: ButtonMeasurement? = nil) {
        self.subject = subject
        self.findings = Self.ordered(findings)
        recommendations = context.backgrounds.mapValues(ButtonStyle.recommended(on:))
        self.measurement = measurement
    }

    /// The report on a request: its subject is the request's canonical target without
    /// `format=` and `v=` (the rules are about the button, whatever its encoding).
    package init(request: ButtonRequest, findings: [LintFinding], context: LintContext) {
        self.init(subject: ButtonRequest(spec: request.spec, scale: request.scale).canonicalTarget, findings: findings, context: context)
    }

    package var errors: Int { findings.filter { $0.severity == .error }.count }
    package var warnings: Int { findings.filter { $0.severity == .warning }.count }

    /// Errors first, then in the catalogue's order.
    static func ordered(_ findings: [LintFinding]) -> [LintFinding] {
        let rank = Dictionary(uniqueKeysWithValues: LintRules.all.enumerated().map { ($1.id, $0) })
        return findings.enumerated().sorted { a, b in
            (a.element.severity, rank[a.element.rule.id] ?? 99, a.offset) < (b.element.severity, rank[b.element.rule.id] ?? 99, b.offset)
        }.map(\.element)
    }

    /// For people: a summary line, one line per finding, the recommendations.
    package var text: String {
        var lines = ["\(subject): \(Self.count(errors, "error")), \(Self.count(warnings, "warning"))"]
        for f in findings {
            lines.append("  \(f.severity.rawValue) [\(f.rule.id)] \(f.message)")
        }
        for appearance in LintContext.Appearance.allCases {
            guard let styles = recommendations[appearance] else { continue }
            lines.append("  \(appearance.rawValue) mode: Apple recommends \(styles.map(\.rawValue).joined(separator: " or "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// For tools: `{"subject", "errors", "warnings", "findings": [{"id", "severity", "message", "hig"}],
    /// "recommendations": {"light": [...], "dark": [...]}, "measurement": {...}}`.
    package var json: Document {
        Document(
            subject: subject, errors: errors, warnings: warnings,
            findings: findings.map(Document.Finding.init),
            recommendations: Dictionary(uniqueKeysWithValues: recommendations.map { ($0.key.rawValue, $0.value.map(\.rawValue)) }),
            measurement: measurement)
    }

    package struct Document: Codable, Equatable, Sendable {
        package var subject: String
        package var errors: Int
        package var warnings: Int
        package var findings: [Finding]
        package var recommendations: [String: [String]]
        package var measurement: ButtonMeasurement?

        package struct Finding: Codable, Equatable, Sendable {
            package var id: String
            package var severity: LintSeverity
            package var message: String
            package var hig: String

            package init(_ finding: LintFinding) {
                id = finding.rule.id
                severity = finding.severity
                message = finding.message
                hig = finding.rule.hig
            }
        }

        /// Sorted keys, slashes unescaped, final newline.
        package func encoded(pretty: Bool = true) -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting =
                pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            // Strings, numbers and arrays of them always encode.
            return Array((try? encoder.encode(self)) ?? Data("{}".utf8)) + [0x0A]
        }
    }
}
