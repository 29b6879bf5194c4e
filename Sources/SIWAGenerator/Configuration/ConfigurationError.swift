/// A configuration value that was refused, with the field it belongs to: `types[1]`,
/// `sizes[0].width` or `redirect-uri` in a YAML file, `--types` on the command line.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// How the message names the value: the key, the flag or the list item.
    package var field: String
    package var message: String
    /// `file:line:column` for a YAML value.
    package var location: String?
    /// The option the value was given for; nil for an unknown key or a file that cannot be read.
    package var source: GeneratorField?

    package init(field: String, _ message: String, location: String? = nil, source: GeneratorField? = nil) {
        self.field = field
        self.message = message
        self.location = location
        self.source = source
    }

    package var description: String {
        (location.map { "\($0): " } ?? "") + "\(field): \(message)"
    }

    /// Why a value was refused, before the caller says of which field.
    static func reason(_ message: String) -> ConfigurationError {
        ConfigurationError(field: "", message)
    }

    /// This error, said of `field` unless it names an option already.
    func of(_ field: GeneratorField) -> ConfigurationError {
        var error = self
        error.source = error.source ?? field
        return error
    }
}
