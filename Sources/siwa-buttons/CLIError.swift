/// A failure reported as one line ("Error: ..."), exit status 1, without the usage text.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
