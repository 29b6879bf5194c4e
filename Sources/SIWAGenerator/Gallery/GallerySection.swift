/// One section of a gallery page: the cards of one layout, mode, size and type.
struct GallerySection {
    /// The anchor the contents list jumps to.
    var id: String
    var heading: String
    var cards: [GalleryCard] = []
    var count = 0
}
