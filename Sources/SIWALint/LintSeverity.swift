/// How serious a finding is.
package enum LintSeverity: String, Codable, Sendable, Comparable {
    /// Breaks a rule Apple states: App Review can reject the app for it.
    case error
    /// Likely to draw a reviewer's eye, though no rule is broken outright.
    case warning

    package static func < (a: LintSeverity, b: LintSeverity) -> Bool { a == .error && b == .warning }
}
