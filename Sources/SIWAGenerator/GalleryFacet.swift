import SIWAButtons

/// One button of the gallery and its files: what a facet reads.
struct GalleryItem: Sendable {
    /// The button at 1x.
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
    /// The item's value; nil when the facet does not apply (a logo-only button has no
    /// title or locale): the item then matches every choice.
    var value: @Sendable (GalleryItem) -> String?
    /// How a value is shown in the menu and the contents list.
    var text: @Sendable (String) -> String = { $0 }

    static let all: [GalleryFacet] = [
        GalleryFacet(name: "mode", label: "Layout", value: { $0.button.mode.rawValue },
                     text: { ButtonSpec.Mode(rawValue: $0).map(GalleryPage.modeName) ?? $0 }),
        GalleryFacet(name: "type", label: "Title", value: { $0.button.mode == .logo ? nil : $0.button.type.rawValue }),
        GalleryFacet(name: "style", label: "Style", value: { ButtonStyle($0.button).rawValue }),
        GalleryFacet(name: "locale", label: "Language", value: { $0.button.mode == .logo ? nil : $0.button.locale.code }),
        // Every file of a set is laid out for the web today; a preset of each asset
        // replaces this value (the menu shows once a set holds two presets).
        GalleryFacet(name: "preset", label: "Preset", value: { _ in "web" }),
    ]
}
