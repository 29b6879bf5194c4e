import Foundation
import Hummingbird
import Logging

/// Every route of the button service, mounted in one line at any path:
///
///     router.addRoutes(ButtonRoutes(service: buttons, logger: logger).routes, atPath: "/buttons")
///
/// Apple's image endpoints (`ImageRoutes`), the snippet API (`SnippetRoutes`), the schema
/// (`SchemaRoute`) and titles (`TitlesRoute`), the rules check (`LintRoutes`), set exports
/// (`ExportRoutes`), the editor (`EditorRoutes`) and, when asked, the probes and metrics
/// (`OperationalRoutes`): every endpoint of `ServiceEndpoint`. The standalone service
/// (`buildApplication`) mounts the same collection, with the probes, and with the editor
/// served by its static-file middleware instead.
///
/// Adding a route: one file with a `RouteCollection` (or a `register` function), one line
/// here and a case of `ServiceEndpoint`; see docs/extending.md, "Adding a route".
public struct ButtonRoutes<Context: RequestContext> {
    /// What a host app may change; the defaults are the standalone service's.
    public struct Options: Sendable {
        /// Canonical redirects and accepted `v=` tokens, for the image routes and the
        /// image URLs the snippets write.
        public var urls: ImageURLPolicy
        /// A folder of templates replacing the built-in ones (snippets and exports).
        public var templates: URL?
        /// Exports at once, their line, and a set's largest size.
        public var export: ExportLimits
        /// Where the editor's files are; nil serves no editor.
        public var editor: EditorSource?
        /// `/healthz`, `/readyz` and, with an exposition, `/metrics`, as the standalone
        /// service answers them; nil (the default) mounts none: a host app has its own.
        public var operational: Operational?

        /// The standalone service's choices: canonical redirects, no `v=`, the built-in
        /// templates, the default export limits and the bundled editor.
        public init(
            urls: ImageURLPolicy = .standard, templates: URL? = nil, export: ExportLimits = ExportLimits(),
            editor: EditorSource? = .bundled, operational: Operational? = nil
        ) {
            self.urls = urls
            self.templates = templates
            self.export = export
            self.editor = editor
            self.operational = operational
        }
    }

    /// The probes and metrics of `OperationalRoutes`.
    public struct Operational: Sendable {
        /// What `/metrics` answers; nil mounts no `/metrics`.
        public var metrics: MetricsExposition?

        /// The probes, and `/metrics` if there is an exposition.
        public init(metrics: MetricsExposition? = nil) {
            self.metrics = metrics
        }
    }

    /// The editor's files: the package's own (`public/`, found as `EditorRoutes()` finds
    /// it) or a folder of the host app's.
    public enum EditorSource: Sendable {
        /// The package's `public/` folder.
        case bundled
        /// A folder of the host app's, by path.
        case folder(String)
    }

    /// The collection to mount: `router.addRoutes(routes, atPath: "/buttons")`.
    public let routes: RouteCollection<Context>

    /// The routes over one service.
    /// - Parameters:
    ///   - service: renders the images and exports (start it with the application).
    ///   - options: what differs from the standalone service.
    ///   - logger: where the routes report failed templates and exports.
    ///   - context: the host app's request context type.
    public init(service: ButtonService, options: Options = Options(), logger: Logger, context: Context.Type = Context.self) {
        let routes = RouteCollection(context: Context.self)
        routes.addRoutes(ImageRoutes(service: service, urls: options.urls).routes)
        routes.addRoutes(
            SnippetRoutes(
                logger: logger, override: options.templates, titles: service.backend.titles,
                urls: options.urls
            ).routes)
        SchemaRoute.register(on: routes, titles: service.backend.titles, cacheVersion: options.urls.currentVersion)
        TitlesRoute.register(on: routes, titles: service.backend.titles)
        routes.addRoutes(LintRoutes(service: service).routes)
        routes.addRoutes(
            ExportRoutes(
                service: service, limits: options.export, templates: options.templates,
                logger: logger
            ).routes)
        switch options.editor {
        case .bundled: routes.addRoutes(EditorRoutes().routes)
        case .folder(let folder): routes.addRoutes(EditorRoutes(folder: folder).routes)
        case nil: break
        }
        if let operational = options.operational {
            OperationalRoutes.register(on: routes, service: service, metrics: operational.metrics)
        }
        self.routes = routes
    }
}
