import SIWAButtons

/// One button of the gallery and its files: what a facet reads.
struct GalleryItem: Sendable {
    /// The button (in points).
    var button: ButtonSpec
    var files: [Asset]
}

/// A property the gallery filters on. Each card carries its value as `data-NAME`, the
/// page offers a menu for every facet with more than one value in the set, and
/// gallery.js reads both from the page: a new facet is one entry of `all`.
struct GalleryFacet: Sendable {
    /// `data-NAME` and the key in the page's URL hash (`#locale=ar_SA&style=black`).
    var name: String
    /// The menu's label.
    var label: String
    /// The item's values: usually one (several would be space-separated); none
    /// when the facet does not apply (a logo-only button has no title or locale): the
    /// item then matches every choice. The page holds them space-separated.
    var values: @Sendable (GalleryItem) -> [String]
    /// How a value is shown in the menu and the contents list.
    var text: @Sendable (String) -> String = { $0 }
    /// Whether the contents list names the facet when the set has one value of it: not
    /// the platform of a set without presets (all "Web", which tells nothing).
    var listedAlone = true

    static let all: [GalleryFacet] = [
        GalleryFacet(
            name: "mode", label: "Layout", values: { [$0.button.mode.rawValue] },
            text: { ButtonSpec.Mode(rawValue: $0).map(\.displayName) ?? $0 }),
        GalleryFacet(
            name: "type", label: "Title", values: { $0.button.mode == .logo ? [] : [$0.button.type.rawValue] },
            text: { GalleryNames.text($0, as: ButtonSpec.Kind.self, GalleryNames.title) }),
        GalleryFacet(
            name: "style", label: "Style", values: { [ButtonStyle($0.button).rawValue] },
            text: { GalleryNames.text($0, as: ButtonStyle.self, GalleryNames.style) }),
        GalleryFacet(
            name: "locale", label: "Language", values: { $0.button.mode == .logo ? [] : [$0.button.locale.code] },
            text: { ButtonLocale(code: $0).map(GalleryNames.locale) ?? $0 }),
        // The platform layout of the card's files (without --presets: the web layout);
        // choosing one also hides the other layouts' file rows.
        GalleryFacet(
            name: "preset", label: "Platform",
            values: { item in
                let presets = Set(item.files.compactMap(\.preset))
                return presets.isEmpty ? [Preset.web.rawValue] : Preset.allCases.filter(presets.contains).map(\.rawValue)
            },
            text: { GalleryNames.text($0, as: Preset.self, GalleryNames.platform) }, listedAlone: false),
    ]
}
