import SIWAModel
import SIWAServer

/// `GET /api/snippet/appleid/button?...`: a button and the web flow's settings from the
/// network, bound for HTML and JavaScript. Either settings whose URLs hold URL characters
/// only and whose redirect is https, or a `RequestError`.
enum SnippetQueryTarget: FuzzTarget {
    static let name = "snippet-query"
    static let summary = "the editor's snippet query: a button, https redirect and URLs of URL characters, or a RequestError"

    static var dictionary: [String] {
        RequestTarget.dictionary + [
            "client-id=", "redirect-uri=", "scope=", "use-popup=", "base-url=", "https://", "http://",
            "com.example.web", "name email", "[::1]", ":443", "@", "\\", "%5C", "<", "\"", "'", "javascript:",
        ]
    }

    static func run(_ input: [UInt8]) -> Bool {
        guard let text = String(fuzzInput: input) else { return false }
        // The first line picks the endpoint, as the path after /api/snippet does.
        let (first, rest) = text.firstIndex(of: "\n").map { (text[..<$0], text[text.index(after: $0)...]) } ?? ("", text[...])
        let endpoint = Endpoint.allCases[first.utf8.count % Endpoint.allCases.count]
        let raw = String(rest)
        let query: SnippetQuery
        do {
            query = try SnippetQuery.parse(endpoint: endpoint, query: raw)
        } catch {
            RequestTarget.checkRefusal(error, of: raw)
            return true
        }
        // The client ID may be any text (the snippets escape it for each context); the
        // URLs go into attributes and scripts as they are, so they hold URL characters only.
        FuzzFailure.check(
            !query.web.clientId.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(raw.debugDescription): a control character in the client ID \(query.web.clientId.debugDescription)")
        for url in [query.web.redirectURI, query.baseURL] {
            FuzzFailure.check(
                !url.unicodeScalars.contains { !$0.isASCII || $0.value <= 0x20 || "<>\"`\\{}|^".unicodeScalars.contains($0) },
                "\(raw.debugDescription): the URL \(url.debugDescription) holds a character a URL cannot")
        }
        FuzzFailure.check(
            query.web.redirectURI.lowercased().hasPrefix("https://"),
            "\(raw.debugDescription): redirect URI \(query.web.redirectURI.debugDescription) is not https")
        return true
    }
}
