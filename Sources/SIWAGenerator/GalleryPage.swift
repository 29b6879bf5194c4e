import Foundation
import SIWAButtons

/// The view model of `index.html`: one section per mode, size and type, one card per
/// button (locale x style) showing it on a light and a dark background, with links
/// to each of its files. It shows every file written: the matrix's buttons, then any
/// button only the no-JS snippet needs (its dark-mode twin, say).
enum GalleryPage {
    static func view(configuration: GeneratorConfiguration, assets: [Asset], entries: [Manifest.Entry],
                     titles: TitleTable, snippets: Bool) -> [String: Any] {
        let naming = AssetNaming(configuration)
        // Files of each button, keyed by the button at 1x.
        var filesByButton: [ButtonSpec: [(asset: Asset, entry: Manifest.Entry)]] = [:]
        var buttons = configuration.variants
        var known = Set(buttons)
        let entryByPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
        for asset in assets {
            guard let entry = entryByPath[asset.path] else { continue }
            var key = asset.spec
            key.scale = 1
            filesByButton[key, default: []].append((asset, entry))
            if known.insert(key).inserted { buttons.append(key) }
        }

        var groups: [[String: Any]] = []
        var groupIndex: [String: Int] = [:]
        for button in buttons {
            let files = (filesByButton[button] ?? []).sorted { order($0.asset) < order($1.asset) }
            let size = ButtonSize(width: button.width, height: button.height, radius: button.borderRadius)
            let sizeText = button.mode == .logo ? "\(button.height) x \(button.height) pt" : "\(button.width) x \(button.height) pt"
            let radiusText = "radius \(button.borderRadius)%"
            let key = [button.mode.rawValue, button.mode == .logo ? size.logoDescription : size.description,
                       button.mode == .logo ? "" : button.type.rawValue].joined(separator: "-")
            if groupIndex[key] == nil {
                groupIndex[key] = groups.count
                groups.append([
                    "id": key,
                    "heading": [modeName(button.mode), button.mode == .logo ? nil : button.type.rawValue, sizeText, radiusText]
                        .compactMap { $0 }.joined(separator: " · "),
                    "cards": [[String: Any]](),
                ])
            }
            var card: [String: Any] = [
                "caption": button.mode == .logo ? ButtonStyle(button).rawValue
                    : "\(ButtonStyle(button).rawValue) · \(button.locale.code)",
                // As drawn: Chinese words separated by U+2006.
                "alt": (button.mode == .logo ? ButtonLocale.default : button.locale).typeset(titles.accessibleTitle(for: button)),
                "lang": button.mode == .logo ? ButtonLocale.default.bcp47 : button.locale.bcp47,
                "dir": button.mode != .logo && button.locale.isRightToLeft ? "rtl" : "ltr",
                "files": files.map { file -> [String: Any] in
                    var link: [String: Any] = ["label": label(file.asset), "href": Escaping.urlPath(file.asset.path),
                                               "bytes": file.entry.bytes]
                    if let preset = file.asset.preset { link["preset"] = preset.rawValue }
                    return link
                },
                // The platform layouts holding the button (a facet of the page's filters).
                "presets": Array(Set(files.compactMap { $0.asset.preset?.rawValue })).sorted(),
            ]
            if let preview = preview(button, files: files.map(\.asset), naming: naming) { card["preview"] = preview }
            let findings = badges(files.map(\.entry))
            card["findings"] = findings
            card["hasFindings"] = !findings.isEmpty
            let g = groupIndex[key]!
            var cards = groups[g]["cards"] as! [[String: Any]]
            cards.append(card)
            groups[g]["cards"] = cards
        }
        return [
            "groups": groups,
            "imageCount": entries.count,
            "buttonCount": buttons.count,
            "snippets": snippets,
        ]
    }

    /// PNG with `srcset` over the whole scales written (one file each, the first by
    /// path when several layouts have it), else the SVG; nil for PDF only.
    private static func preview(_ button: ButtonSpec, files: [Asset], naming: AssetNaming) -> [String: Any]? {
        var scales = Set<Int>()
        let pngs = files.filter { $0.format == .png && $0.pixelScale == Double($0.spec.scale) }
            .sorted { ($0.spec.scale, $0.path) < ($1.spec.scale, $1.path) }
            .filter { scales.insert($0.spec.scale).inserted }
        let src: String
        var srcset: String?
        if let first = pngs.first {
            src = Escaping.urlPath(first.path)
            srcset = pngs.map { "\(Escaping.urlPath($0.path)) \($0.spec.scale)x" }.joined(separator: ", ")
        } else if let svg = files.first(where: { $0.format == .svg }) {
            src = Escaping.urlPath(svg.path)
        } else {
            return nil
        }
        var preview: [String: Any] = ["src": src, "width": button.width, "height": button.height]
        if let srcset { preview["srcset"] = srcset }
        return preview
    }

    /// One badge per distinct finding of the button's files (the same at every scale and format).
    private static func badges(_ entries: [Manifest.Entry]) -> [[String: Any]] {
        var seen = Set<String>()
        return entries.flatMap { $0.findings ?? [] }.filter { seen.insert($0.id + "\u{0}" + $0.message).inserted }
            .map { ["id": $0.id, "severity": $0.severity, "message": $0.message] }
    }

    private static func order(_ asset: Asset) -> Double {
        let byPreset = Double(asset.preset.map { Preset.allCases.firstIndex(of: $0)! + 1 } ?? 0) * 1000
        let byFormat: Double = switch asset.format {
        case .png: asset.pixelScale
        case .svg: 100
        case .pdf: 101
        case .vectorDrawable: 102
        }
        return byPreset + byFormat
    }

    /// `PNG @2x`, `PNG @1.5x`, `SVG`, `VectorDrawable`; with presets, after the layout
    /// (`ios PNG @2x`), and for Android the resource folder, which tells the files of one
    /// density apart (`android PNG @1.5x drawable-de-night-hdpi`).
    private static func label(_ asset: Asset) -> String {
        let scale = asset.pixelScale == asset.pixelScale.rounded() ? String(Int(asset.pixelScale)) : String(asset.pixelScale)
        let kind = switch asset.format {
        case .png: "PNG @\(scale)x"
        case .vectorDrawable: "VectorDrawable"
        default: asset.format.rawValue.uppercased()
        }
        guard let preset = asset.preset else { return kind }
        guard preset == .android else { return "\(preset.rawValue) \(kind)" }
        return "android \(kind) " + ((asset.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
    }

    private static func modeName(_ mode: ButtonSpec.Mode) -> String {
        switch mode {
        case .center: "Center-aligned"
        case .left: "Left-aligned"
        case .logo: "Logo only"
        }
    }
}
