/// One button as a layout ships it: on white and on dark grey, its files, endpoint
/// and findings.
struct GalleryCard {
    var caption: String
    var panes: [Pane]
    /// False when the card has only files a browser cannot show (PDF, VectorDrawable).
    var hasPreview: Bool
    var lang: String
    var dir: String
    /// The card's `data-*` attributes, which `gallery.js` filters by.
    var facets: [Facet]
    var fileCount: String
    var files: [File]
    var endpoint: String?
    var findings: [Finding]
    var hasFindings: Bool

    /// The button on one background (`look`: `light` or `dark`). No `lang` or `dir`: the
    /// card's apply.
    struct Pane {
        var src: String
        /// The default format's files at every whole scale written.
        var srcset: String?
        var width: Int
        var height: Int
        var look: String
        /// A black button on dark grey gets a ring of its own radius.
        var ringed: Bool
        /// The button's corner radius in points.
        var radius: Double
        var alt: String
        /// The dark look a layout ships, named in the pane's corner (`dark mode: white`).
        var label: String?
    }

    struct Facet {
        var name: String
        var value: String
    }

    /// A file of the card, linked with its path to copy.
    struct File {
        var label: String
        var path: String
        var href: String
        var bytes: Int
        var preset: String?
    }

    /// One of Apple's rules the button breaks.
    struct Finding {
        var id: String
        var severity: String
        var message: String
    }
}
