import SIWAModel
import SIWAGenerator
import SIWAServer

/// `GET /api/export.zip?...`: the generator's options from the network. Either a set
/// whose files stay inside it, under a file name fit for a header, or a `RequestError`.
enum ExportQueryTarget: FuzzTarget {
    static let name = "export-query"
    static let summary = "the export's query: a set inside its folder and a plain file name, or a RequestError"

    static var dictionary: [String] {
        ExportQuery.parameters.map { $0 + "=" } + RequestTarget.dictionary.filter { !$0.hasSuffix("=") }
            + [",", "x", "r", "@", "ios", "android", "web", "flutter", "email", "react-native", "true", "false"]
    }

    static func run(_ input: [UInt8]) -> Bool {
        guard let raw = String(fuzzInput: input) else { return false }
        let query: ExportQuery
        do {
            query = try ExportQuery.parse(raw)
        } catch {
            RequestTarget.checkRefusal(error, of: raw)
            return true
        }
        FuzzFailure.check(
            query.fileName.hasSuffix(".zip")
                && query.fileName.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
                },
            "\(raw.debugDescription): the download's name \(query.fileName.debugDescription)")
        SetPathCheck.check(query.configuration, input: raw)
        return true
    }
}
