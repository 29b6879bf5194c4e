/// One thing under fuzzing: what it takes (bytes, read as it likes), what must hold for
/// every input (a broken rule stops the run with `FuzzFailure.check`), and the words a
/// mutator should try (libFuzzer's dictionary, from the schema the code itself reads).
protocol FuzzTarget: Sendable {
    /// The name on the command line and of the corpus folder (`Fuzz/Corpus/NAME`).
    static var name: String { get }
    /// One line for `siwa-fuzz --help`.
    static var summary: String { get }
    /// Tokens for libFuzzer's `-dict=`: parameter names, values, endpoints.
    static var dictionary: [String] { get }
    /// Runs one input. Returns false for an input not worth keeping (libFuzzer's -1).
    static func run(_ input: [UInt8]) -> Bool
}

/// A broken rule: the message names the input's kind and the rule, and the process
/// traps so libFuzzer (or the replay) keeps the input as a reproducer.
enum FuzzFailure {
    static func check(_ rule: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line)
    {
        if !rule() {
            fatalError(message(), file: file, line: line)
        }
    }
}

extension String {
    /// The input as text, or nil when it is not UTF-8 (what the front ends refuse first).
    init?(fuzzInput input: [UInt8]) {
        guard let text = String(validating: input, as: UTF8.self) else { return nil }
        self = text
    }
}

/// Every target, by name.
enum FuzzTargets {
    static let all: [any FuzzTarget.Type] = [
        RequestTarget.self, ExportQueryTarget.self, SnippetQueryTarget.self, ConfigurationTarget.self,
        LabelsTarget.self,
    ]

    static func named(_ name: String) -> (any FuzzTarget.Type)? { all.first { $0.name == name } }
}
