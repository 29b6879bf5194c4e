/// A configuration value that was refused, with the field it belongs to: `types[1]`,
/// `sizes[0].width` or `redirect-uri` in a YAML file, `--types` on the command line.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    public var field: String
    public var message: String
    /// `file:line:column` for a YAML value.
    public var location: String?

    public init(field: String, _ message: String, location: String? = nil) {
        self.field = field
        self.message = message
        self.location = location
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(field): \(message)"
    }
}
