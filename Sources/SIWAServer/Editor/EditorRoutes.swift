import Foundation
import Hummingbird
import SIWAButtons

/// The web button editor (the files of `public/`) for a host app, mountable at any path:
/// `router.addRoutes(EditorRoutes(folder: dir).routes, atPath: "/buttons")` serves
/// `/buttons/` (index.html) and `/buttons/js/...`, with the standalone service's checks
/// and headers (`StaticFiles`). Mount `ImageRoutes` and `SnippetRoutes` at the same path:
/// the editor asks for images and snippets relative to its own address.
///
/// The standalone service serves the same files with `StaticFilesMiddleware` instead, for
/// whatever no route matched (so other methods keep their 404 there).
public struct EditorRoutes<Context: RequestContext>: Sendable {
    let files: StaticFiles

    /// The editor from a folder of the host app's.
    /// - Parameters:
    ///   - folder: the editor's files (`public/`).
    ///   - context: the host app's request context type.
    public init(folder: String, context: Context.Type = Context.self) {
        files = StaticFiles(folder: PublicFolder(root: folder))
    }

    /// The package's own editor: `$SIWA_PUBLIC_DIR`, the install layout, the source tree
    /// or the package's resource bundle beside the executable (`ResourceDirectory`).
    public init(context: Context.Type = Context.self) {
        self.init(folder: ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR").path)
    }

    /// The collection to mount: `GET` and `HEAD` of the mount path and every path below it.
    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        for path in ["/", "/**"] {
            for method in [HTTPRequest.Method.get, .head] {
                routes.on(RouterPath(path), method: method) { request, context in
                    try await respond(to: request, context: context)
                }
            }
        }
        return routes
    }

    private func respond(to request: Request, context: Context) async throws -> Response {
        // The raw path below the mount path ("" for the mount path itself, which
        // `PublicFolder` redirects to the folder's URL with its trailing slash).
        // The router's capture leaves out a trailing slash: compare without it.
        let below = context.parameters.get(String(Parameters.recursiveCaptureKey)) ?? ""
        let full = request.uri.path
        var mountPath = Substring(full)
        while mountPath.hasSuffix("/") { mountPath.removeLast() }
        if !below.isEmpty, mountPath.hasSuffix(below) { mountPath.removeLast(below.count) }
        while mountPath.hasSuffix("/") { mountPath.removeLast() }
        return try await files.response(to: request, path: String(full.dropFirst(mountPath.count)), mountPath: String(mountPath))
    }
}
