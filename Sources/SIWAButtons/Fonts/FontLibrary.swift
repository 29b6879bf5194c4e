import CPango
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fonts the renderer may use: the pinned files of `Fonts/` (never the system's),
/// plus optionally one font file of the user's, which then comes first for every
/// script it covers. Wraps a private fontconfig configuration.
public final class FontLibrary: @unchecked Sendable {
    /// fontconfig configuration holding exactly our files (read-only after init).
    let config: OpaquePointer
    /// The font files loaded (the pinned ones, then the user's), part of the ETag fingerprint.
    public let files: [URL]
    /// Family name of the user's font, when one was given.
    public let userFamily: String?
    /// The characters the user's font has (an FcCharSet; nil without one).
    private let userCharset: OpaquePointer?

    /// Why no usable font library could be made.
    public enum LoadError: Error, CustomStringConvertible {
        /// The folder holds no font file.
        case noFonts(String)
        /// fontconfig could not load this file.
        case unreadable(String)

        /// One line naming the folder or file, and what to do.
        public var description: String {
            switch self {
            case .noFonts(let dir):
                "No fonts found in '\(dir)': give FontLibrary(directory:) the siwa-buttons package's Fonts/ folder "
                    + "(or copy the package's resource bundle, *_SIWAResources.resources, beside the executable)."
            case .unreadable(let path): "Cannot load font '\(path)'."
            }
        }
    }

    /// Loads the pinned fonts, and the user's, into a private fontconfig configuration.
    /// - Parameters:
    ///   - directory: folder with the pinned fonts; nil finds `Fonts/` (see `defaultDirectory`).
    ///   - userFont: a font file to prefer, e.g. SF Pro.
    ///   - families: load only the pinned files of these families (a one-button process
    ///     such as `render` starts faster); nil loads all. A family no file name matches
    ///     loads all, so an unusual `--fonts-dir` is never short of a font.
    public init(directory: URL? = nil, userFont: URL? = nil, families: [String]? = nil) throws {
        let dir = directory ?? FontLibrary.defaultDirectory()
        var pinned = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .map { dir.appendingPathComponent($0) }
            .filter { ["otf", "ttf", "ttc"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !pinned.isEmpty else { throw LoadError.noFonts(dir.path) }
        if let families {
            let chosen = families.map { family in pinned.filter { Self.file($0, holds: family) } }
            if !chosen.contains(where: \.isEmpty) {
                pinned = Array(Set(chosen.joined())).sorted { $0.lastPathComponent < $1.lastPathComponent }
            }
        }
        guard let config = FcConfigCreate() else { throw LoadError.noFonts(dir.path) }
        self.config = config
        for file in pinned + (userFont.map { [$0] } ?? []) {
            guard FcConfigAppFontAddFile(config, file.path) != 0 else {
                FcConfigDestroy(config)
                throw LoadError.unreadable(file.path)
            }
        }
        files = pinned + (userFont.map { [$0] } ?? [])
        do {
            let user = try userFont.map { try FontLibrary.query($0) }
            userFamily = user?.family
            userCharset = user?.charset
        } catch {
            FcConfigDestroy(config)  // deinit does not run for an init that throws
            throw error
        }
    }

    /// Whether a pinned file is the family's, by name: "Noto Sans CJK SC" is
    /// `NotoSansCJKsc-Medium.otf` (the names scripts/build-fonts.sh gives them).
    static func file(_ url: URL, holds family: String) -> Bool {
        let stem = url.deletingPathExtension().lastPathComponent.split(separator: "-").first.map(String.init) ?? ""
        // Not Foundation's replacingOccurrences: it goes through NSString, whose generic
        // paths resolve types at run time, which every `render` process pays at start.
        return stem.lowercased() == family.filter { $0 != " " }.lowercased()
    }

    deinit {
        FcConfigDestroy(config)
        if let userCharset { FcCharSetDestroy(userCharset) }
    }

    /// Makes these fonts fontconfig's process-wide configuration. Pango initialises
    /// fontconfig's default configuration on its first font map, which reads
    /// /etc/fonts and scans the system's font folders (tens of milliseconds) although
    /// the renderer never uses them; with a configuration already current that is
    /// skipped. For executables only: a host app that uses fontconfig itself keeps its own.
    public func makeProcessDefault() {
        FcConfigSetCurrent(config)
    }

    /// Whether the user's font lacks `scalar` (false without a user font).
    public func userFontLacks(_ scalar: Unicode.Scalar) -> Bool {
        guard let userCharset else { return false }
        return FcCharSetHasChar(userCharset, scalar.value) == 0
    }

    /// The pinned fonts' folder: `$SIWA_FONTS_DIR`, else `Fonts/` next to the executable
    /// or in `../share/siwa-buttons/`, else the source tree's `Fonts/`, else the package's
    /// resource bundle beside the executable (see `ResourceDirectory`).
    public static func defaultDirectory() -> URL {
        ResourceDirectory.find("Fonts", environmentVariable: "SIWA_FONTS_DIR")
    }

    /// A font file's family name and a copy of its character set.
    private static func query(_ file: URL) throws -> (family: String, charset: OpaquePointer) {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(file.path, 0, nil, &count) else { throw LoadError.unreadable(file.path) }
        defer { FcPatternDestroy(pattern) }
        var value: UnsafeMutablePointer<FcChar8>?
        var charset: OpaquePointer?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &value) == FcResultMatch, let value,
            FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let copy = FcCharSetCopy(charset)
        else { throw LoadError.unreadable(file.path) }
        return (String(cString: value), copy)
    }
}
