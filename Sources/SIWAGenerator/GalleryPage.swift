import Foundation
import SIWAButtons

/// The view model of `index.html`, a page to hand the set over with: one section per
/// mode, size and type, one card per button (locale x style) showing it on white and
/// on dark grey, with each of its files' paths (as in the manifest) and its endpoint
/// URL to copy. Filter menus (`GalleryFacet`) and a contents list with counts lead
/// through large sets; `gallery.js` makes the menus and copy buttons work. It shows
/// every file written: the matrix's buttons, then any button only the snippets need
/// (their dark-mode twin, say).
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
        let items = buttons.map { GalleryItem(button: $0, files: (filesByButton[$0] ?? []).map(\.asset)) }
        let facetValues = GalleryFacet.all.map { facet in distinct(items.flatMap(facet.values)) }

        var groups: [[String: Any]] = []
        var groupIndex: [String: Int] = [:]
        for item in items {
            let button = item.button
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
            let style = ButtonStyle(button)
            var card: [String: Any] = [
                "caption": button.mode == .logo ? style.rawValue : "\(style.rawValue) · \(button.locale.code)",
                // As drawn: Chinese words separated by U+2006.
                "alt": (button.mode == .logo ? ButtonLocale.default : button.locale).typeset(titles.accessibleTitle(for: button)),
                "lang": button.mode == .logo ? ButtonLocale.default.bcp47 : button.locale.bcp47,
                "dir": button.mode != .logo && button.locale.isRightToLeft ? "rtl" : "ltr",
                "facets": GalleryFacet.all.compactMap { facet -> [String: Any]? in
                    let values = facet.values(item)
                    return values.isEmpty ? nil : ["name": facet.name, "value": values.joined(separator: " ")]
                },
                "files": files.map { file -> [String: Any] in
                    var link: [String: Any] = ["label": label(file.asset), "path": file.asset.path,
                                               "href": Escaping.urlPath(file.asset.path), "bytes": file.entry.bytes]
                    if let preset = file.asset.preset { link["preset"] = preset.rawValue }
                    return link
                },
                // Black keeps its edges on dark grey: the tile gets a ring of the button's radius.
                "ringed": style == .black,
                "radius": Double(button.height * button.borderRadius) / 100,
            ]
            if let first = files.first { card["endpoint"] = first.entry.endpoint }
            if let preview = preview(button, files: files.map(\.asset), naming: naming) { card["preview"] = preview }
            let findings = badges(files.map(\.entry))
            card["findings"] = findings
            card["hasFindings"] = !findings.isEmpty
            let g = groupIndex[key]!
            var cards = groups[g]["cards"] as! [[String: Any]]
            cards.append(card)
            groups[g]["cards"] = cards
        }
        for g in groups.indices { groups[g]["count"] = (groups[g]["cards"] as! [[String: Any]]).count }

        let filters: [[String: Any]] = zip(GalleryFacet.all, facetValues).filter { $0.1.count > 1 }.map { facet, values in
            ["name": facet.name, "label": facet.label,
             "options": values.map { value in ["value": value, "text": facet.text(value)] }]
        }
        return [
            "groups": groups,
            "imageCount": entries.count,
            "buttonCount": buttons.count,
            "snippets": snippets,
            // With presets the snippets sit in the web layout's folder.
            "snippetFolder": configuration.presets.isEmpty ? "" : "web/",
            "filters": filters,
            "hasFilters": !filters.isEmpty,
            "contents": contents(items: items, entries: entries, facetValues: facetValues),
        ]
    }

    /// What the set holds: buttons per value of each facet (a link filters to it) and
    /// files per format and scale.
    private static func contents(items: [GalleryItem], entries: [Manifest.Entry], facetValues: [[String]]) -> [[String: Any]] {
        var rows: [[String: Any]] = zip(GalleryFacet.all, facetValues).filter { !$0.1.isEmpty }.map { facet, values in
            let counts = items.reduce(into: [String: Int]()) { counts, item in
                for value in facet.values(item) { counts[value, default: 0] += 1 }
            }
            return ["label": facet.label, "entries": values.map { value in
                ["text": facet.text(value), "count": counts[value] ?? 0,
                 "href": "#\(facet.name)=\(Escaping.urlPath(value))"] as [String: Any]
            }]
        }
        // Files per format and scale, in the formats' order.
        var byFile: [String: Int] = [:], order: [(rank: Int, text: String)] = []
        for entry in entries {
            guard let format = OutputFormat(rawValue: entry.format) else { continue }
            let scale = entry.density ?? Double(entry.scale)
            let text = label(format, scale: scale)
            if byFile[text] == nil {
                order.append(((OutputFormat.allCases.firstIndex(of: format) ?? 0) * 100 + (format.isRaster ? Int(scale * 10) : 0), text))
            }
            byFile[text, default: 0] += 1
        }
        rows.append(["label": "Files", "entries": order.sorted { $0.rank < $1.rank }.map { ["text": $0.text, "count": byFile[$0.text]!] }])
        return rows
    }

    /// PNG with `srcset` over the whole scales written (one file each, the first by
    /// path when several layouts have it), else WebP, else the SVG; nil for PDF only.
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
        } else if let webp = files.filter({ $0.format == .webp }).min(by: { $0.spec.scale < $1.spec.scale }) {
            src = Escaping.urlPath(webp.path)
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

    private static func distinct(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func order(_ asset: Asset) -> Double {
        let byPreset = Double(asset.preset.map { Preset.allCases.firstIndex(of: $0)! + 1 } ?? 0) * 1000
        let byFormat: Double = switch asset.format {
        case .png: asset.pixelScale
        case .webp: 10 + asset.pixelScale
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
        let kind = label(asset.format, scale: asset.pixelScale)
        guard let preset = asset.preset else { return kind }
        guard preset == .android else { return "\(preset.rawValue) \(kind)" }
        return "android \(kind) " + ((asset.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
    }

    /// `PNG @2x`, `PNG @1.5x`, `WebP @3x`, `SVG`, `VectorDrawable`.
    private static func label(_ format: OutputFormat, scale: Double) -> String {
        let name = switch format {
        case .webp: "WebP"
        case .vectorDrawable: "VectorDrawable"
        default: format.rawValue.uppercased()
        }
        guard format.isRaster else { return name }
        return "\(name) @\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
    }

    static func modeName(_ mode: ButtonSpec.Mode) -> String {
        switch mode {
        case .center: "Center-aligned"
        case .left: "Left-aligned"
        case .logo: "Logo only"
        }
    }
}
