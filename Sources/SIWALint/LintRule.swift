/// The words of one of Apple's button rules: what it asks, how to fix a button that
/// breaks it, and the Human Interface Guidelines passage it rests on. The CLI, the HTTP
/// API, the generator's manifest and gallery and the editor all show these words. Each
/// rule's file in `Rules/` holds its own (`MinimumWidth.rule`) beside its checks.
package struct LintRule: Hashable, Sendable, Codable {
    /// Stable identifier (`min-width`), for tools and the README.
    package var id: String
    package var severity: LintSeverity
    /// The rule's name as a finding starts with it ("Minimum size").
    package var name: String
    /// The usual fix, when a finding has no more specific one.
    package var fix: String
    /// Apple's words (short quote) from the HIG page "Sign in with Apple".
    package var hig: String
    /// What the rule can be checked on.
    package var subjects: Set<Subject>

    package enum Subject: String, Hashable, Sendable, Codable, CaseIterable {
        /// A button request (`/appleid/button?...`) and its context (page colours, other buttons).
        case request
        /// An image of a button (PNG, WebP or SVG), measured.
        case image
    }
}
