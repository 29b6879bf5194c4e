import Foundation
import Hummingbird
import SIWAButtons
import SIWAGenerator

/// `GET /api/titles`: Apple's titles in all 37 locales with their confidence and source,
/// the titles this service draws (`--labels` ones marked `overridden`): the JSON
/// `generate --strings json --locales en_US,all` writes (`TitlesJSON`), for pages and
/// apps that draw their own button.
enum TitlesRoute {
    static let path = "/api/titles"

    static func register<Context: RequestContext>(on routes: RouteCollection<Context>, titles: TitleTable) {
        let locales = [ButtonLocale.default] + ButtonLocale.all.filter { $0 != .default }
        // Changes only with the binary and --labels: encoded once.
        let json = Array(TitlesJSON.text(locales: locales, titles: titles).utf8)
        for method in [HTTPRequest.Method.get, .head] {
            routes.on(RouterPath(path), method: method) { request, _ in
                JSONAnswer.response(json, for: request, cacheControl: "no-cache")
            }
        }
    }
}
