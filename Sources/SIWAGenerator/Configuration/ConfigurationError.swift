/// A configuration value that was refused, with the field it belongs to: `types[1]`,
/// `sizes[0].width` or `redirect-uri` in a YAML file, `--types` on the command line.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    package var field: String
    package var message: String
    /// `file:line:column` for a YAML value.
    package var location: String?

    package init(field: String, _ message: String, location: String? = nil) {
        self.field = field
        self.message = message
        self.location = location
    }

    package var description: String {
        (location.map { "\($0): " } ?? "") + "\(field): \(message)"
    }
}
