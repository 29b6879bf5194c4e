/// Version of the drawing code, part of every ETag. Bump it whenever a change to
/// SIWAButtons changes the bytes it produces for an existing request, so that clients
/// and proxies holding the old image revalidate and get the new one.
public enum RendererVersion {
    /// The drawing code's version.
    public static let current = "4"  // 3: our own PNG writer, 4: our own WebP writer
}
