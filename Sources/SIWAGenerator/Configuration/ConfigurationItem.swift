/// One value of a list field as written: its text, the name messages give it
/// (`types[1]`, `--types`), where it was written (`file:line:column`), and, for a size
/// written as a YAML mapping, the size itself (checked there, so it is never turned
/// back into text to be parsed again).
package struct ConfigurationItem: Sendable {
    package var value: String
    package var label: String
    package var location: String?
    package var size: ButtonSize?

    package init(_ value: String, label: String, location: String? = nil, size: ButtonSize? = nil) {
        self.value = value
        self.label = label
        self.location = location
        self.size = size
    }
}
