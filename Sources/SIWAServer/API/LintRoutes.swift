import Foundation
import Hummingbird
import SIWAButtons
import SIWALint

enum LintEndpoint {
    static let prefix = "/api/lint"
}

/// `GET /api/lint/appleid/button[/left|/logo]?<button query>[&background=LIGHT[,DARK]][&beside=WxH,..][&margin=PT]`:
/// Apple's rules on one button as JSON, the document `siwa-buttons lint --json` prints
/// (same rules, same words). The editor shows it beside its preview.
///
/// Bad input: 400 (404 for an unknown endpoint path) with the JSON error body of every
/// API route (`JSONAnswer.error`), naming the parameter.
public struct LintRoutes<Context: RequestContext>: Sendable {
    /// Our parameters, beside the button's.
    static var contextParameters: [String] { ["background", "beside", "margin"] }

    /// The linter over the service's renderer (`--labels`: a replaced title is checked too),
    /// made once: a text engine per request would cost a font map each time.
    let linter: Result<RequestLinter, any Error>
    /// Layout is Pango work: on the render threads, like the images, not the cooperative pool.
    let queue: RenderQueue

    /// Over the service's renderer (its fonts and titles) and render threads. Mountable at
    /// any path, like `ImageRoutes`.
    public init(service: ButtonService, context: Context.Type = Context.self) {
        let backend = service.backend
        linter = Result {
            RequestLinter(
                renderer: try backend.renderer
                    ?? (backend.titles.isStandard ? ButtonRenderer.shared() : ButtonRenderer.shared().with(titles: backend.titles)))
        }
        queue = service.queue
    }

    /// The collection to mount: the rules check of `/api/lint/...`.
    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get("\(LintEndpoint.prefix)/**") { request, context in
            // The endpoint's path, from the wildcard: the mount path does not matter.
            let below = context.parameters.get(String(Parameters.recursiveCaptureKey)) ?? ""
            return try await respond(to: request, endpointPath: "/" + below)
        }
        return routes
    }

    func respond(to request: Request, endpointPath: String) async throws -> Response {
        let button: ButtonRequest, lintContext: LintContext
        do throws(RequestError) {
            guard let endpoint = Endpoint(path: endpointPath) else { throw RequestError.unknownEndpoint(endpointPath) }
            // Our parameters out of the query; the button parser names anything else.
            var query = try QueryString(request.uri.query)
            let background = try query.take("background"), beside = try query.take("beside"), margin = try query.take("margin")
            button = try ButtonRequest.parse(endpoint, query, alsoAllowed: Self.contextParameters)
            lintContext = try LintContext.parse(background: background, beside: beside, margin: margin)
        } catch {
            return JSONAnswer.error(error, for: request)
        }
        let linter: RequestLinter
        switch self.linter {
        case .success(let l): linter = l
        case .failure(let error):
            return JSONAnswer.error(.internalServerError, "The fonts could not be loaded: \(error)", for: request)
        }
        let findings: [LintFinding]
        do {
            findings = try await queue.run("lint \(button.canonicalTarget)") { linter.findings(button.spec, context: lintContext) }
        } catch {
            throw PlainTextError.renderFailed(error)
        }
        let report = LintReport(request: button, findings: findings, context: lintContext)
        return JSONAnswer.response(report.json.encoded(pretty: false), for: request)
    }
}
