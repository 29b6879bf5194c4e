/// A filter menu of the gallery: one facet (`GalleryFacet`) and its values in the page.
struct GalleryFilter {
    var name: String
    var label: String
    var options: [Option]

    struct Option {
        var value: String
        var text: String
    }
}
