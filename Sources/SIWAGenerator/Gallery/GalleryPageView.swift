/// What `index.html.mustache` reads for one gallery page (`index.html`, or
/// `gallery/LOCALE.html` of a set with a page per language).
///
/// The view models are plain structs: swift-mustache reads their stored properties by
/// name (through `Mirror`), an array as a section per element, a `Bool` as a section
/// shown when true, and a nil optional as missing, so a name a section lacks is looked
/// up in the sections around it, as for a dictionary without the key.
struct GalleryPageView: TemplateContext {
    var imageCount: Int
    var buttonCount: Int
    /// Links to the snippets, when the set has them.
    var snippets: Bool
    /// With presets the snippets sit in the web layout's folder: `web/`.
    var snippetFolder: String
    /// The way back to the set's root: `""` or `../`.
    var root: String
    var groups: [GallerySection]
    var cardCount: Int
    /// Small pages show every card's files; large ones on a click.
    var openFiles: Bool
    var filters: [GalleryFilter]
    var hasFilters: Bool
    var contents: [GalleryContentsRow]
    /// The language bar of a set with a page per language.
    var hasLanguages = false
    var languages: [Language] = []

    /// A link in the language bar.
    struct Language {
        /// The language's name; `code` is what `data-locale` and the file names carry.
        var text: String
        var code: String
        var href: String
        var count: Int
        var current: Bool
    }
}
