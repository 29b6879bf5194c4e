import Foundation
import SIWAButtons
import SIWALint

/// `manifest.json`: every file of a set, sorted by path, for build pipelines. No
/// timestamps or versions, so the same configuration gives the same bytes.
package struct Manifest: Codable, Equatable, Sendable {
    /// The images.
    package var files: [Entry]
    /// The web files (gallery, snippets), with size and checksum only.
    package var pages: [Page]

    package struct Entry: Codable, Equatable, Sendable {
        /// Relative to the set's folder, `/`-separated.
        package var path: String
        /// The same image from the HTTP API or `siwa-buttons render`: its canonical URL
        /// (`ButtonRequest.canonicalTarget`: Apple's order, defaults and `format=png` left out).
        package var endpoint: String
        package var mode: String
        package var style: String
        /// The title drawn (the image's `alt` text, SVG `<title>`, PDF title), from the
        /// renderer's titles (`--labels` included); for the logo-only button the en_US
        /// sign-in title.
        package var title: String
        /// Apple's query parameters with their effective values (numbers as numbers,
        /// `border` as a boolean).
        package var parameters: [String: Value]
        package var format: String
        package var mediaType: String
        /// Pixels for PNG; user units (SVG), points (PDF) or dp (VectorDrawable) for the vector formats.
        package var width: Int
        package var height: Int
        package var scale: Int
        package var bytes: Int
        package var sha256: String
        /// Apple's rules the button breaks (`siwa-buttons lint`); empty when none. Absent
        /// from manifests written before the rules were checked.
        package var findings: [Finding]?
        /// The platform layout (`--presets`) the file belongs to; absent without presets.
        package var preset: String?
        /// Pixels per point when not the whole `scale`: 1.5 for Android's hdpi, whose
        /// `scale` and `endpoint` then name the whole scale above (2), the nearest image
        /// Apple's grammar can ask for. Absent otherwise.
        package var density: Double?
    }

    /// A broken rule, as `siwa-buttons lint --json` names it.
    package struct Finding: Codable, Equatable, Sendable {
        package var id: String
        package var severity: String
        package var message: String

        package init(_ finding: LintFinding) {
            id = finding.rule.id
            severity = finding.severity.rawValue
            message = finding.message
        }
    }

    package struct Page: Codable, Equatable, Sendable {
        package var path: String
        package var bytes: Int
        package var sha256: String
        /// The platform layout of a preset's text file (`Contents.json`, e-mail HTML).
        package var preset: String?
    }

    /// A parameter value: text, number or boolean.
    package enum Value: Codable, Equatable, Sendable {
        case text(String), number(Int), flag(Bool)

        package init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) {
                self = .flag(b)
            } else if let n = try? c.decode(Int.self) {
                self = .number(n)
            } else {
                self = .text(try c.decode(String.self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let n): try c.encode(n)
            case .flag(let b): try c.encode(b)
            }
        }
    }

    package init(files: [Entry], pages: [Page]) {
        self.files = files.sorted { $0.path < $1.path }
        self.pages = pages.sorted { $0.path < $1.path }
    }

    /// Sorted keys, two-space indent, slashes unescaped, final newline.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    package static func decode(_ bytes: [UInt8]) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(bytes))
    }
}

extension Manifest.Entry {
    /// The entry for an image file with its bytes and title.
    package init(asset: Asset, bytes: [UInt8], title: String, findings: [LintFinding] = []) {
        let spec = asset.spec, request = asset.request
        var parameters: [String: Manifest.Value] = [:]
        for parameter in Endpoint(mode: spec.mode).parameters {
            parameters[parameter.name] =
                switch parameter.typedValue(in: request) {
                case .integer(let n): .number(n)
                case .flag(let b): .flag(b)
                case .text(let t): .text(t)
                }
        }
        self.init(
            path: asset.path, endpoint: request.canonicalTarget, mode: spec.mode.rawValue,
            style: asset.style.rawValue, title: title, parameters: parameters, format: asset.format.rawValue,
            mediaType: asset.format.mediaType,
            width: asset.pixelWidth, height: asset.pixelHeight, scale: request.scale,
            bytes: bytes.count, sha256: Checksum.sha256(bytes), findings: findings.map(Manifest.Finding.init),
            preset: asset.preset?.rawValue,
            density: asset.scale == Double(request.scale) ? nil : asset.scale)
    }
}
