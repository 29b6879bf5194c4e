import Foundation
import SIWAButtons

/// The gallery, pages to hand the set over with: one section per
/// mode, size and type (per platform layout first, with `--presets`), one card per
/// button as a layout ships it, showing it on white and, on dark grey, what ships in
/// dark mode: the layout's dark look where it has one (an iOS `-dark` image, an
/// Android `-night` one, `SnippetImages.darkTwin`), else the same image. Under each:
/// its files' paths (as in the manifest) and its endpoint URL to copy. Filter menus
/// (`GalleryFacet`) and a contents list with counts lead through a page; `gallery.js`
/// makes the menus and copy buttons work. It shows every file written: the matrix's
/// buttons, then any button only the snippets need (their dark-mode twin, say). What
/// the template reads is typed: `GalleryPageView` and the types in `ViewModels/`.
///
/// A large set in several languages (more than `cardsPerPage` cards) is one page per
/// language, with a language bar on each: `index.html` holds the first language and
/// the logo-only buttons, `gallery/LOCALE.html` each other one (the six presets in 37
/// languages made one page of 479,000 px; now 37 of about 11,000).
enum GalleryPage {
    static let cardsPerPage = 150
    /// A page of at most this many cards shows every card's files; a larger one shows
    /// them on a click (a card's list is 7 to 14 rows in the full packs).
    static let openFilesUpTo = 60

    /// One page: its path in the set and its view model for `index.html.mustache`.
    struct Page {
        var path: String
        var view: GalleryPageView
    }

    /// A button as one layout ships it, with its files (those of its dark look too).
    struct Card {
        var preset: Preset?
        var button: ButtonSpec
        var files: [(asset: Asset, entry: Manifest.Entry)]

        var item: GalleryItem { GalleryItem(button: button, files: files.map(\.asset)) }
    }

    /// The languages with a page of their own, `gallery/LOCALE.html` (the first
    /// language's is `index.html`): every other one when a set in several languages
    /// has more than `cardsPerPage` cards (buttons x layouts). From the configuration
    /// alone, so the pages are known before anything is drawn.
    static func languagePages(_ configuration: GeneratorConfiguration) -> [ButtonLocale] {
        let cards = configuration.variants.count * max(1, configuration.presets.count)
        guard configuration.locales.count > 1, cards > cardsPerPage, configuration.modes.contains(where: { $0 != .logo }) else { return [] }
        return Array(languages(configuration).dropFirst())
    }

    /// The set's languages in the gallery's order: en_US first when the set has it (the
    /// page a set in every language opens on; the codes' order would put Arabic there),
    /// then the others as asked for.
    static func languages(_ configuration: GeneratorConfiguration) -> [ButtonLocale] {
        let locales = configuration.locales
        guard locales.contains(.default) else { return locales }
        return [.default] + locales.filter { $0 != .default }
    }

    /// The paths of the gallery's pages, `index.html` first.
    static func paths(_ configuration: GeneratorConfiguration) -> [String] {
        ["index.html"] + languagePages(configuration).map(path)
    }

    private static func path(_ locale: ButtonLocale) -> String { "gallery/\(locale.code).html" }

    /// The gallery's pages, `index.html` first (as `paths`).
    static func pages(
        configuration: GeneratorConfiguration, assets: [Asset], entries: [Manifest.Entry],
        titles: TitleTable, snippets: Bool
    ) -> [Page] {
        let cards = self.cards(configuration: configuration, assets: assets, entries: entries)
        let images = Dictionary(grouping: assets) { $0.spec }
        let header = Header(
            imageCount: entries.count, buttonCount: Set(cards.map(\.button)).count, snippets: snippets,
            // With presets the snippets sit in the web layout's folder.
            snippetFolder: configuration.presets.isEmpty ? "" : "web/")
        let own = languagePages(configuration)
        guard !own.isEmpty else {
            return [Page(path: "index.html", view: view(cards, Context(root: "", titles: titles, images: images), header: header))]
        }
        // Logo-only buttons (no language) and the snippets' own buttons go with the first language.
        let first = languages(configuration)[0]
        let locales = [first] + own
        let byLocale = Dictionary(grouping: cards) { card in
            card.button.mode == .logo || !own.contains(card.button.locale) ? first : card.button.locale
        }
        return locales.map { locale in
            let root = locale == locales[0] ? "" : "../"
            let pagePath = { (other: ButtonLocale) in other == locales[0] ? "index.html" : path(other) }
            var page = view(byLocale[locale] ?? [], Context(root: root, titles: titles, images: images), header: header)
            page.hasLanguages = true
            page.languages = locales.map { other in
                GalleryPageView.Language(
                    text: other.name, code: other.code, href: root + pagePath(other), count: byLocale[other]?.count ?? 0,
                    current: other == locale)
            }
            return Page(path: pagePath(locale), view: page)
        }
    }

    /// The cards in order: by layout (none first), then as the matrix lists the buttons,
    /// then any other button (the snippets' dark twin). A dark look joins its light button.
    static func cards(configuration: GeneratorConfiguration, assets: [Asset], entries: [Manifest.Entry]) -> [Card] {
        var rank = Dictionary(configuration.variants.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let entryByPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
        struct Key: Hashable {
            var preset: Preset?
            var button: ButtonSpec
        }
        var cards: [Card] = [], index: [Key: Int] = [:]
        for asset in assets {
            guard let entry = entryByPath[asset.path] else { continue }
            let button = asset.shipsFor ?? asset.spec
            if rank[button] == nil { rank[button] = rank.count }
            let key = Key(preset: asset.preset, button: button)
            if let i = index[key] {
                cards[i].files.append((asset, entry))
            } else {
                index[key] = cards.count
                cards.append(Card(preset: asset.preset, button: button, files: [(asset, entry)]))
            }
        }
        func presetRank(_ preset: Preset?) -> Int { preset.map { Preset.allCases.firstIndex(of: $0)! + 1 } ?? 0 }
        return cards.sorted { (presetRank($0.preset), rank[$0.button]!) < (presetRank($1.preset), rank[$1.button]!) }
    }

    /// What every page says of the whole set.
    private struct Header {
        var imageCount: Int
        var buttonCount: Int
        var snippets: Bool
        var snippetFolder: String
    }

    /// What every card of a page reads: the way back to the set's root, the titles, and
    /// every file of the set by button (a spec has no scale), for a preview where a card has only PDFs.
    private struct Context {
        var root: String
        var titles: TitleTable
        var images: [ButtonSpec: [Asset]]
    }

    /// One page's view model: its cards in their sections, menus and contents.
    private static func view(_ cards: [Card], _ context: Context, header: Header) -> GalleryPageView {
        let items = cards.map(\.item)
        let facetValues = GalleryFacet.all.map { facet in distinct(items.flatMap(facet.values)) }
        var groups: [GallerySection] = []
        var groupIndex: [String: Int] = [:]
        for card in cards {
            let button = card.button
            let size = ButtonSize(width: button.width, height: button.height, radius: button.borderRadius)
            let sizeText = button.mode == .logo ? "\(button.height) x \(button.height) pt" : "\(button.width) x \(button.height) pt"
            let radiusText = "radius \(button.borderRadius)%"
            let key = [
                card.preset?.rawValue, button.mode.rawValue, button.mode == .logo ? size.logoDescription : size.description,
                button.mode == .logo ? "" : button.type.rawValue,
            ].compactMap { $0 }.joined(separator: "-")
            let g = groupIndex[key] ?? groups.count
            if g == groups.count {
                groupIndex[key] = g
                groups.append(
                    GallerySection(
                        id: key,
                        heading: [
                            card.preset.map(GalleryNames.platform), button.mode.displayName,
                            button.mode == .logo ? nil : GalleryNames.title(button.type), sizeText, radiusText,
                        ].compactMap { $0 }.joined(separator: " · ")))
            }
            groups[g].cards.append(self.card(card, context))
            groups[g].count = groups[g].cards.count
        }

        let filters = zip(GalleryFacet.all, facetValues).filter { $0.1.count > 1 }.map { facet, values in
            GalleryFilter(
                name: facet.name, label: facet.label,
                options: values.map { value in GalleryFilter.Option(value: value, text: facet.text(value)) })
        }
        return GalleryPageView(
            imageCount: header.imageCount, buttonCount: header.buttonCount, snippets: header.snippets,
            snippetFolder: header.snippetFolder, root: context.root, groups: groups, cardCount: cards.count,
            openFiles: cards.count <= openFilesUpTo, filters: filters, hasFilters: !filters.isEmpty,
            contents: contents(items: items, entries: cards.flatMap { $0.files.map(\.entry) }, facetValues: facetValues))
    }

    /// A card: the button on white and what ships in dark mode on dark grey, its files
    /// (light look first), endpoint and findings.
    private static func card(_ card: Card, _ context: Context) -> GalleryCard {
        let root = context.root
        let button = card.button
        let sorted = card.files.sorted { order($0.asset) < order($1.asset) }
        let light = sorted.filter { $0.asset.spec == button }
        let dark = sorted.filter { $0.asset.spec != button }
        let style = ButtonStyle(button)
        // As drawn: Chinese words separated by U+2006.
        let alt = (button.mode == .logo ? ButtonLocale.default : button.locale).typeset(context.titles.accessibleTitle(for: button))
        func pane(_ spec: ButtonSpec, _ files: [Asset], look: String, label: String?) -> GalleryCard.Pane? {
            // PDF cannot be shown: then the same button's image from another layout (drawn from the same scene).
            guard let image = preview(files: files, root: root) ?? preview(files: context.images[spec] ?? [], root: root) else {
                return nil
            }
            // Black keeps its edges on dark grey: the tile gets a ring of the button's radius.
            return GalleryCard.Pane(
                src: image.src, srcset: image.srcset, width: spec.width, height: spec.height, look: look,
                ringed: ButtonStyle(spec) == .black, radius: Double(spec.height * spec.borderRadius) / 100, alt: alt, label: label)
        }
        var panes: [GalleryCard.Pane] = []
        if let lightPane = pane(button, light.map(\.asset), look: "light", label: nil) {
            // The layout's dark look, else the same image on dark grey.
            var same = lightPane
            same.look = "dark"
            let darkButton = dark.first.map { $0.asset.spec }
            panes = [
                lightPane,
                darkButton.flatMap { pane($0, dark.map(\.asset), look: "dark", label: "dark mode: \(ButtonStyle($0).rawValue)") } ?? same,
            ]
        }
        let caption =
            button.mode == .logo ? GalleryNames.style(style) : "\(GalleryNames.style(style)) · \(GalleryNames.locale(button.locale))"
        let findings = badges(sorted.map(\.entry))
        return GalleryCard(
            caption: caption,
            panes: panes,
            hasPreview: !panes.isEmpty,
            lang: button.mode == .logo ? ButtonLocale.default.bcp47 : button.locale.bcp47,
            dir: button.mode != .logo && button.locale.isRightToLeft ? "rtl" : "ltr",
            facets: GalleryFacet.all.compactMap { facet in
                let values = facet.values(card.item)
                return values.isEmpty ? nil : GalleryCard.Facet(name: facet.name, value: values.joined(separator: " "))
            },
            fileCount: light.count + dark.count == 1 ? "1 file" : "\(light.count + dark.count) files",
            files: (light + dark).map { file in
                GalleryCard.File(
                    label: label(file.asset), path: file.asset.path, href: root + Escaping.urlPath(file.asset.path),
                    bytes: file.entry.bytes, preset: file.asset.preset?.rawValue)
            },
            endpoint: (light.first ?? dark.first)?.entry.endpoint,
            findings: findings,
            hasFindings: !findings.isEmpty)
    }

    /// What the set holds: buttons per value of each facet (a link filters to it) and
    /// files per format and scale.
    private static func contents(items: [GalleryItem], entries: [Manifest.Entry], facetValues: [[String]]) -> [GalleryContentsRow] {
        var rows = zip(GalleryFacet.all, facetValues).filter { facet, values in values.count > (facet.listedAlone ? 0 : 1) }
            .map { facet, values in
                let counts = items.reduce(into: [String: Int]()) { counts, item in
                    for value in facet.values(item) { counts[value, default: 0] += 1 }
                }
                return GalleryContentsRow(
                    label: facet.label,
                    entries: values.map { value in
                        GalleryContentsRow.Entry(
                            text: facet.text(value), count: counts[value] ?? 0, href: "#\(facet.name)=\(Escaping.urlPath(value))")
                    })
            }
        // Files per format and scale, in the formats' order.
        var byFile: [String: Int] = [:], order: [(rank: Double, text: String)] = []
        for entry in entries {
            guard let format = OutputFormat(rawValue: entry.format) else { continue }
            let scale = entry.density ?? Double(entry.scale)
            let text = label(format, scale: scale)
            if byFile[text] == nil { order.append((rank(format, scale: scale), text)) }
            byFile[text, default: 0] += 1
        }
        rows.append(
            GalleryContentsRow(
                label: "Files", entries: order.sorted { $0.rank < $1.rank }.map { .init(text: $0.text, count: byFile[$0.text] ?? 0) }))
        return rows
    }

    /// The default format (PNG) with `srcset` over the whole scales written (one file
    /// each, the first by path when several layouts have it), else the first other
    /// format an `<img>` shows (WebP, SVG) at its smallest scale; nil for PDF and
    /// VectorDrawable only.
    private static func preview(files: [Asset], root: String) -> (src: String, srcset: String?)? {
        var scales = Set<Double>()
        let defaults = files.filter { $0.format == .default && $0.scale == $0.scale.rounded() }
            .sorted { ($0.scale, $0.path) < ($1.scale, $1.path) }
            .filter { scales.insert($0.scale).inserted }
        if let first = defaults.first {
            let srcset = defaults.map { "\(root + Escaping.urlPath($0.path)) \(Int($0.scale))x" }.joined(separator: ", ")
            return (root + Escaping.urlPath(first.path), srcset)
        }
        for format in OutputFormat.allCases where format != .default && format.isBrowserImage {
            if let file = files.filter({ $0.format == format }).min(by: { $0.scale < $1.scale }) {
                return (root + Escaping.urlPath(file.path), nil)
            }
        }
        return nil
    }

    /// One badge per distinct finding of the button's files (the same at every scale and format).
    private static func badges(_ entries: [Manifest.Entry]) -> [GalleryCard.Finding] {
        var seen = Set<String>()
        return entries.flatMap { $0.findings ?? [] }.filter { seen.insert($0.id + "\u{0}" + $0.message).inserted }
            .map { GalleryCard.Finding(id: $0.id, severity: $0.severity, message: $0.message) }
    }

    private static func distinct(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// A card's files: by layout (none first), then format and scale.
    private static func order(_ asset: Asset) -> Double {
        let layout = asset.preset.flatMap { Preset.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        return Double(layout) * 1000 + rank(asset.format, scale: asset.scale)
    }

    /// Formats in their declaration order, raster ones by scale.
    private static func rank(_ format: OutputFormat, scale: Double) -> Double {
        Double(OutputFormat.allCases.firstIndex(of: format) ?? 0) * 100 + (format.isRaster ? scale : 0)
    }

    /// `PNG @2x`, `PNG @1.5x`, `SVG`, `VectorDrawable`; with presets, after the layout
    /// (`ios PNG @2x`), and for Android the resource folder, which tells the files of one
    /// density apart (`android PNG @1.5x drawable-de-night-hdpi`).
    private static func label(_ asset: Asset) -> String {
        let kind = label(asset.format, scale: asset.scale)
        guard let preset = asset.preset else { return kind }
        guard preset == .android else { return "\(preset.rawValue) \(kind)" }
        return "android \(kind) " + ((asset.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
    }

    /// `PNG @2x`, `PNG @1.5x`, `WebP @3x`, `SVG`, `VectorDrawable`.
    private static func label(_ format: OutputFormat, scale: Double) -> String {
        guard format.isRaster else { return format.displayName }
        return "\(format.displayName) @\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
    }
}
