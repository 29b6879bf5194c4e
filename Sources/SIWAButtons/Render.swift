/// Renders with the shared renderer over the pinned fonts.
public func render(_ spec: ButtonSpec, format: OutputFormat) throws -> [UInt8] {
    try ButtonRenderer.shared().render(spec, format: format)
}
