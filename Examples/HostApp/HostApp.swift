import Foundation
import Hummingbird
import Logging
import SIWAButtons
import SIWAServer

/// A Hummingbird app of its own (its own `/` page and `/healthz`) that mounts the button
/// routes under `/buttons`: `/buttons/appleid/button?...` for images, `/buttons/api/snippet/...`,
/// `/buttons/api/schema`, `/buttons/api/lint/...` and `/buttons/api/export.zip` for the editor's APIs and `/buttons/`
/// for the editor. Its metrics, if any, are its own business:
/// the library never bootstraps swift-metrics. Public API only: a package that depends on
/// siwa-buttons can copy this folder as it is (e2e/check-dependent-package.sh builds it so).
public func buildHostApp(
    port: Int, editor: ButtonRoutes<BasicRequestContext>.EditorSource = .bundled, logger: Logger
) throws -> some ApplicationProtocol {
    let buttons = ButtonService(backend: try RenderBackend(renderer: ButtonRenderer(fonts: FontLibrary())), cacheMB: 16, logger: logger)
    let router = Router()
    router.get("/") { _, _ in "The host app's own home page.\n" }
    router.get("/healthz") { _, _ in "host ok\n" }
    router.addRoutes(
        ButtonRoutes(service: buttons, options: .init(editor: editor), logger: logger).routes,
        atPath: "/buttons")
    return Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
        services: [buttons], logger: logger)
}
