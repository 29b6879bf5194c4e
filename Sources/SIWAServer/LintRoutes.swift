import Foundation
import Hummingbird
import SIWAButtons
import SIWALint

/// `GET /api/lint/appleid/button[/left|/logo]?<button query>[&background=LIGHT[,DARK]][&beside=WxH,..][&margin=PT]`:
/// Apple's rules on one button as JSON, the document `siwa-buttons lint --json` prints
/// (same rules, same words). The editor shows it beside its preview.
///
/// Bad input: 400 (404 for an unknown endpoint path) with a one-line plain-text body.
public struct LintRoutes<Context: RequestContext>: Sendable {
    static var prefix: String { "/api/lint" }
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
            RequestLinter(renderer: try backend.renderer
                ?? (backend.titles.isStandard ? ButtonRenderer.shared() : ButtonRenderer.shared().with(titles: backend.titles)))
        }
        queue = service.queue
    }

    public var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get("\(Self.prefix)/**") { request, context in
            // The endpoint's path, from the wildcard: the mount path does not matter.
            let below = context.parameters.get(String(Parameters.recursiveCaptureKey)) ?? ""
            return try await respond(to: request, endpointPath: "/" + below)
        }
        return routes
    }

    func respond(to request: Request, endpointPath: String) async throws -> Response {
        let noStore: HTTPFields = [.cacheControl: "no-store"]
        guard Endpoint(path: endpointPath) != nil else {
            return PlainText.response(.notFound, RequestError.unknownEndpoint(endpointPath).description, for: request, headers: noStore)
        }
        // Split our parameters from the button's; the button parser names anything else.
        var context: [String: String] = [:]
        var buttonPieces: [Substring] = []
        for piece in (request.uri.query ?? "").split(separator: "&") {
            let name = String(piece.prefix { $0 != "=" })
            guard Self.contextParameters.contains(name), piece.count > name.count else {
                buttonPieces.append(piece)
                continue
            }
            guard context[name] == nil else {
                return PlainText.response(.badRequest, RequestError.duplicateParameter(name).description, for: request, headers: noStore)
            }
            guard let value = PercentDecoding.string(piece.dropFirst(name.count + 1), plusAsSpace: true) else {
                return PlainText.response(.badRequest, RequestError.malformed("bad percent-encoding in '\(RequestError.shown(String(piece)))'").description,
                                          for: request, headers: noStore)
            }
            context[name] = value
        }
        let spec: ButtonSpec, lintContext: LintContext
        do {
            spec = try ButtonRequest.parse(path: endpointPath, query: buttonPieces.joined(separator: "&")).spec
            lintContext = try LintContext.parse(background: context["background"], beside: context["beside"], margin: context["margin"])
        } catch {
            return PlainText.response(.badRequest, "\(error)", for: request, headers: noStore)
        }
        let linter: RequestLinter
        switch self.linter {
        case .success(let l): linter = l
        case .failure(let error):
            return PlainText.response(.internalServerError, "The fonts could not be loaded: \(error)", for: request, headers: noStore)
        }
        let findings: [LintFinding]
        do {
            findings = try await queue.run { linter.findings(spec, context: lintContext) }
        } catch {
            throw PlainTextError.renderFailed(error)
        }
        let report = LintReport(subject: spec.canonicalTarget, findings: findings, context: lintContext)
        return JSONAnswer.response(report.json.encoded(pretty: false), for: request)
    }
}
