/// Renders with the shared renderer over the pinned fonts (`ButtonRenderer.render(_:format:scale:)`).
public func render(_ spec: ButtonSpec, format: OutputFormat, scale: Double) throws -> [UInt8] {
    try ButtonRenderer.shared().render(spec, format: format, scale: scale)
}
