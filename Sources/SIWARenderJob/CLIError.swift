/// A failure reported as one line ("Error: ..."), exit status 1, without the usage text.
public struct CLIError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
