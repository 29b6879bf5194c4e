/// What a vector document says besides its drawing: the title (SVG `<title>`, PDF
/// metadata) and the seed of its element ids (stable, distinct per button).
struct DocumentInfo {
    var title: String
    var idSeed: String
}
