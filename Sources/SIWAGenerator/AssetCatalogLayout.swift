import Foundation
import SIWAButtons

/// An Xcode asset catalog, under `ios/`:
///
///     Buttons.xcassets/Contents.json
///     Buttons.xcassets/siwa-sign-in-black-en_US.imageset/Contents.json
///     Buttons.xcassets/siwa-sign-in-black-en_US.imageset/siwa-sign-in-black-en_US@2x.png
///     Buttons.xcassets/siwa-sign-in-black-en_US.imageset/siwa-sign-in-black-en_US-dark@2x.png
///
/// One imageset per button with 1x, 2x and 3x PNGs, or one PDF kept as a vector
/// (`preserves-vector-representation`) when PDF is asked for; the dark look (the
/// HIG's white, `SnippetImages.darkTwin`) as `luminosity: dark` entries where it
/// differs, so `UIImage(named:)` switches with the system appearance. The keys are
/// those of Apple's Asset Catalog Format Reference.
struct AssetCatalogLayout {
    let configuration: GeneratorConfiguration
    /// One PDF per look instead of PNGs.
    let vector: Bool

    static let catalogPath = "Buttons.xcassets"
    static let rootContents = encode(Contents(images: nil, properties: nil))

    func files(for variant: ButtonSpec) -> (assets: [Asset], texts: [(String, String)]) {
        let name = AssetNaming.stem(variant, size: configuration.sizes.count > 1, locale: true).joined(separator: "-")
        let folder = "\(Self.catalogPath)/\(name).imageset"
        let dark = SnippetImages.darkTwin(of: variant)
        let looks: [(spec: ButtonSpec, file: String, appearances: [Appearance]?)] =
            [(variant, name, nil)] + (dark == variant ? [] : [(dark, name + "-dark", [Appearance()])])
        var assets: [Asset] = []
        var images: [Image] = []
        for look in looks {
            for scale in vector ? [1] : [1, 2, 3] {
                var spec = look.spec
                spec.scale = scale
                let file = vector ? "\(look.file).pdf" : look.file + (scale == 1 ? "" : "@\(scale)x") + ".png"
                assets.append(Asset(spec: spec, format: vector ? .pdf : .png, path: "\(folder)/\(file)"))
                images.append(Image(appearances: look.appearances, filename: file, scale: vector ? nil : "\(scale)x"))
            }
        }
        let contents = Contents(images: images, properties: vector ? Properties() : nil)
        return (assets, [("\(folder)/Contents.json", Self.encode(contents))])
    }

    struct Contents: Encodable {
        var images: [Image]?
        var info = Info()
        var properties: Properties?
    }

    struct Info: Encodable {
        var author = "xcode"
        var version = 1
    }

    struct Image: Encodable {
        var appearances: [Appearance]?
        var filename: String
        var idiom = "universal"
        /// Absent for a single-scale (vector) image.
        var scale: String?
    }

    struct Appearance: Encodable {
        var appearance = "luminosity"
        var value = "dark"
    }

    struct Properties: Encodable {
        var preservesVectorRepresentation = true

        enum CodingKeys: String, CodingKey {
            case preservesVectorRepresentation = "preserves-vector-representation"
        }
    }

    /// As Xcode writes them: pretty-printed, two-space indent, final newline (sorted
    /// keys, so reruns are byte-identical).
    static func encode(_ contents: Contents) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail.
        return String(decoding: try! encoder.encode(contents), as: UTF8.self) + "\n"
    }
}
