/// A failure reported as one line ("Error: ..."), exit status 1, without the usage text.
package struct CLIError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
