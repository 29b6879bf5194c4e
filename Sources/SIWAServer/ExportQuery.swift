import Foundation
import SIWAButtons
import SIWAGenerator

/// The query of `GET /api/export.zip`: the generator's options under their flag and YAML
/// names (`locales=en_US,de_DE`, `sizes=250x44r50`, `client-id=...`), set through
/// `ConfigurationOverrides` as the command line sets them, so the same words give the
/// same set and a field the generator learns is a parameter here at once.
struct ExportQuery: Equatable {
    var configuration: GeneratorConfiguration
    /// The download's file name: `siwa-buttons.zip`, or `siwa-buttons-ios-android.zip` for presets.
    var fileName: String

    /// Fields a query may not set: a server must not read paths chosen by a client.
    static let refused: Set<String> = ["templates"]

    static var parameters: [String] { ConfigurationOverrides.fields.filter { !refused.contains($0) } }

    /// - Parameter query: the raw (percent-encoded) query.
    static func parse(_ query: String?) throws(ExportQueryError) -> ExportQuery {
        var overrides = ConfigurationOverrides()
        var seen: Set<String> = []
        var fileName = "siwa-buttons"
        for piece in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let rawName = piece.prefix { $0 != "=" }
            let rawValue = piece.dropFirst(min(piece.count, rawName.count + 1))
            guard let name = PercentDecoding.string(rawName, plusAsSpace: true),
                  let value = PercentDecoding.string(rawValue, plusAsSpace: true) else {
                throw ExportQueryError(RequestError.malformed("bad percent-encoding in '\(RequestError.shown(String(piece)))'").description)
            }
            if refused.contains(name) {
                throw ExportQueryError("Parameter '\(name)' is not accepted here: the service reads no paths from a request.")
            }
            guard parameters.contains(name) else {
                throw ExportQueryError(RequestError.unknownParameter(name: name, endpoint: ExportEndpoint.path,
                                                                     allowed: parameters).description)
            }
            guard seen.insert(name).inserted else {
                throw ExportQueryError(RequestError.duplicateParameter(name).description)
            }
            do {
                try set(name, value, in: &overrides)
            } catch {
                throw ExportQueryError(invalid(error))
            }
            if name == "presets" { fileName += "-" + value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "-") }
        }
        var configuration = GeneratorConfiguration()
        overrides.apply(to: &configuration)
        do {
            _ = try configuration.web.settings()
        } catch {
            throw ExportQueryError(invalid(error))
        }
        return ExportQuery(configuration: configuration, fileName: sanitized(fileName) + ".zip")
    }

    /// A list field takes `a,b,c` as its flag does; any other field one value.
    /// `ConfigurationOverrides` alone knows which is which, so ask it the list way first.
    private static func set(_ name: String, _ value: String, in overrides: inout ConfigurationOverrides) throws(ConfigurationError) {
        do {
            try overrides.setList(name, ConfigurationOverrides.commaList(value, flag: name))
        } catch where error.field == name && error.message == notAList {
            try overrides.setValue(name, value, label: name)
        }
    }

    /// `Invalid value for parameter 'locales': unknown locale 'xx': ...`, as the snippet API
    /// words it; the generator's own checks name the flag (`--formats`), said as the parameter.
    static func invalid(_ error: ConfigurationError) -> String {
        let field = error.field.hasPrefix("--") ? String(error.field.dropFirst(2)) : error.field
        return "Invalid value for parameter '\(RequestError.shown(field))': \(error.message)"
    }

    /// `setList`'s answer for a single-value field.
    private static let notAList = "is not a list field"

    /// Letters, digits and `-` only: the name goes into a header.
    private static func sanitized(_ name: String) -> String {
        String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}

/// A refused export query: 400 with this one line.
struct ExportQueryError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
