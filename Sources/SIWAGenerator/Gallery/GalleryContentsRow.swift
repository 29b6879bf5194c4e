/// A row of the gallery's contents list: the buttons per value of a facet (each a link
/// that filters to it), or the files per format and scale (no link).
struct GalleryContentsRow {
    var label: String
    var entries: [Entry]

    struct Entry {
        var text: String
        var count: Int
        var href: String?
    }
}
