import SIWAButtons

/// Which spellings of an image URL the image routes answer, so that a cache in front
/// (a CDN, nginx) stores each button once: the canonical target (`ButtonRequest.canonicalTarget`:
/// Apple's parameter order, defaults left out) is served, any other spelling of the same
/// image is redirected to it, and `v=` is taken only with a token the service is
/// configured with. The snippet API and the editor write the current token into their URLs.
public struct ImageURLPolicy: Sendable, Equatable {
    /// Whether another spelling of an image URL is redirected to its canonical target.
    public enum Canonical: String, CaseIterable, Sendable {
        /// Another spelling of an image URL gets a cacheable 301 to the canonical one.
        case redirect
        /// Every valid spelling is served as it is (the image is the same; caches that key
        /// on the raw URL store it once per spelling).
        case off
    }

    /// Redirect other spellings (the default), or serve them as they are.
    public var canonical: Canonical
    /// The `v=` tokens accepted; the first is the current one, written into new URLs.
    /// Empty: `v=` is refused like an unknown parameter.
    public let cacheVersions: [String]

    /// A policy, refusing tokens that could not be `v=` values.
    /// - Parameters:
    ///   - canonical: whether a non-canonical image URL is redirected to its canonical form.
    ///   - cacheVersions: the `v=` tokens accepted, the current one first.
    /// - Throws: `ImageURLPolicy.BadToken` for a token that is not 1-32 letters, digits,
    ///   `.`, `_`, `-` or `~`.
    public init(canonical: Canonical = .redirect, cacheVersions: [String] = []) throws(BadToken) {
        if let bad = cacheVersions.first(where: { !ButtonRequest.isCacheBustingToken($0) }) { throw BadToken(token: bad) }
        self.canonical = canonical
        self.cacheVersions = cacheVersions
    }

    /// The default: canonical redirects, no `v=`.
    public static let standard = try! ImageURLPolicy()

    /// The token new URLs carry, if any.
    public var currentVersion: String? { cacheVersions.first }

    /// A cache-version token that cannot be one.
    public struct BadToken: Error, CustomStringConvertible {
        /// The token as given.
        public let token: String
        /// What is wrong with the token and what a token may hold.
        public var description: String {
            "'\(RequestError.shown(token))' is not a cache-version token: use 1-32 letters, digits, '.', '_', '-' or '~'"
        }
    }

    /// What to answer for a parsed request.
    enum Decision: Equatable {
        case serve
        /// 301 to this target (below the mount path).
        case redirect(String)
        /// 404 with this message.
        case refuse(String)
    }

    /// - Parameters:
    ///   - path: the request's path below the mount path (the endpoint, maybe with a trailing slash).
    ///   - query: the raw query (nil: no `?`).
    func decide(_ request: ButtonRequest, path: String, query: String?) -> Decision {
        if let version = request.version, !cacheVersions.contains(version) {
            return .refuse(versionRefusal(version, endpoint: request.spec.path))
        }
        guard canonical == .redirect else { return .serve }
        let target = request.canonicalTarget
        let asSent = query.map { path + "?" + $0 } ?? path
        return asSent == target ? .serve : .redirect(target)
    }

    /// Whether a raw target is answered as it is (the hot path's test): parsed, with an
    /// accepted `v=`, and canonical unless redirects are off.
    func serves(_ request: ButtonRequest, path: String, query: String?) -> Bool {
        decide(request, path: path, query: query) == .serve
    }

    /// The parser's words for a bad parameter: unknown when no token is configured,
    /// else an invalid value naming the accepted ones.
    private func versionRefusal(_ version: String, endpoint: String) -> String {
        let name = ButtonRequest.cacheBustingParameter
        guard !cacheVersions.isEmpty else {
            let allowed = Endpoint(path: endpoint).map { $0.parameters.map(\.name) } ?? []
            return RequestError.unknownParameter(name: name, endpoint: endpoint, allowed: allowed + ["format"]).description
                + " This service takes no '\(name)' (no cache-version token is configured)."
        }
        let allowed = cacheVersions.map { "'\($0)'" }.joined(separator: ", ")
        return RequestError.invalidValue(
            name: name, value: version, allowed: "one of \(allowed) (the cache-version tokens this service accepts)"
        ).description
    }
}
