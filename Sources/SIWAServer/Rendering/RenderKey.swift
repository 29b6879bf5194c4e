import SIWAButtons

/// One image the service can produce: the normalised button, its encoding and scale
/// (no `v=`: the image is the same with any token).
struct RenderKey: Hashable, Sendable {
    var spec: ButtonSpec
    var format: OutputFormat
    var scale: Int

    /// The image a parsed request asks for: PNG unless it names a format.
    init(_ request: ButtonRequest) {
        spec = request.spec
        format = request.format ?? .default
        scale = request.scale
    }

    /// The button's canonical target at this scale, without `format=` (ETags and logs
    /// name the format beside it).
    var target: String { ButtonRequest(spec: spec, scale: scale).canonicalTarget }
}
