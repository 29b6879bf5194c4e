/// The package's release, as Semantic Versioning numbers it (CHANGELOG.md lists what each
/// one changed; git tags `vX.Y.Z` mark them). Shown by `siwa-buttons --version`, in
/// `/healthz` and in the service's `Server` header.
///
/// Bump it in the commit that moves CHANGELOG.md's Unreleased section under a release.
/// This is not `RendererVersion`, which fingerprints the drawing for ETags and changes
/// only when output bytes do.
public enum PackageVersion {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let current = "0.5.0"
}
