import Foundation
import SIWAButtons
import SIWAGenerator

/// The query of `GET /api/export.zip`: the generator's options under their flag and YAML
/// names (`locales=en_US,de_DE`, `sizes=250x44r50`, `client-id=...`), set through
/// `ConfigurationOverrides` as the command line sets them, so the same words give the
/// same set and a field the generator learns is a parameter here at once.
package struct ExportQuery: Equatable {
    package var configuration: GeneratorConfiguration
    /// The download's file name: `siwa-buttons.zip`, or `siwa-buttons-ios-android.zip` for presets.
    package var fileName: String

    /// Fields a query may not set: a server must not read paths chosen by a client.
    static let refused: Set<GeneratorField> = [.templates]

    package static var parameters: [String] { GeneratorField.allCases.filter { !refused.contains($0) }.map(\.rawValue) }

    /// - Parameter raw: the raw (percent-encoded) query.
    package static func parse(_ raw: String?) throws(RequestError) -> ExportQuery {
        var overrides = ConfigurationOverrides()
        var fileName = "siwa-buttons"
        try QueryString(raw).forEach { item throws(RequestError) in
            let (name, value) = (item.name, item.value)
            guard let field = GeneratorField(rawValue: name) else {
                throw .unknownParameter(name: name, endpoint: ExportEndpoint.path, allowed: parameters)
            }
            if refused.contains(field) {
                throw .notAccepted(name, because: "the service reads no paths from a request")
            }
            do throws(ConfigurationError) {
                // A list field takes `a,b,c` as its flag does; any other field one value.
                if field.isList {
                    try overrides.setList(field, ConfigurationOverrides.commaList(value, flag: name))
                } else {
                    try overrides.setValue(field, value, label: name)
                }
            } catch {
                throw invalid(error)
            }
            if field == .presets {
                fileName += "-" + value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "-")
            }
        }
        var configuration = GeneratorConfiguration()
        overrides.apply(to: &configuration)
        do {
            _ = try configuration.web.settings()
        } catch {
            throw invalid(error)
        }
        return ExportQuery(configuration: configuration, fileName: sanitized(fileName) + ".zip")
    }

    /// The generator's refusal, said of the parameter: its checks name the flag
    /// (`--formats`) or the field (`formats`), and either is the parameter here.
    static func invalid(_ error: ConfigurationError) -> RequestError {
        let field = error.source?.rawValue ?? (error.field.hasPrefix("--") ? String(error.field.dropFirst(2)) : error.field)
        return .invalidValue(name: field, reason: error.message)
    }

    /// Letters, digits and `-` only: the name goes into a header.
    private static func sanitized(_ name: String) -> String {
        String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}
