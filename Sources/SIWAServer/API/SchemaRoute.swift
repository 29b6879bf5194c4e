import Foundation
import Hummingbird
import SIWAButtons
import SIWAGenerator

/// `GET /api/schema`: `ButtonSchema` as JSON (parameters, endpoints, locales with the
/// titles this service draws, styles, formats, web-flow fields). The editor builds its
/// controls and checks from it; anything it cannot decide from the schema (a redirect
/// URI's details) it leaves to the snippet endpoint's answer.
enum SchemaRoute {
    static let path = "/api/schema"

    /// - Parameter cacheVersion: the `v=` token the editor writes into its image URLs.
    static func register<Context: RequestContext>(
        on routes: RouteCollection<Context>, titles: TitleTable,
        cacheVersion: String? = nil
    ) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var schema = ButtonSchema(titles: titles, webFlow: WebFlowSettings.schemaFields)
        schema.cacheVersion = cacheVersion
        // The schema only changes with the binary, --labels and --cache-version: encoded once.
        let json = (try? encoder.encode(schema)) ?? Data("{}".utf8)
        for method in [HTTPRequest.Method.get, .head] {
            routes.on(RouterPath(path), method: method) { request, _ in
                JSONAnswer.response(json, for: request, cacheControl: "no-cache")
            }
        }
    }
}
