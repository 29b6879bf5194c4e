import Foundation
import SIWAButtons

/// `siwa-buttons generate`: the images of the matrix, `manifest.json`, the gallery
/// and, when client id and redirect URI are known, the snippets.
public struct Generator: Sendable {
    public var configuration: GeneratorConfiguration
    public var renderer: ButtonRenderer
    public var templates: TemplateSet
    /// Worker threads (nil: all cores).
    public var workers: Int?

    public init(configuration: GeneratorConfiguration, renderer: ButtonRenderer, templates: TemplateSet, workers: Int? = nil) {
        self.configuration = configuration
        self.renderer = renderer
        self.templates = templates
        self.workers = workers
    }

    /// What a run wrote.
    public struct Report: Sendable {
        public var manifest: Manifest
        /// Files of an earlier run that this one removed.
        public var removed: [String]
        /// Why no snippet was written, if none was.
        public var snippetsSkipped: String?

        public var imageBytes: Int { manifest.files.reduce(0) { $0 + $1.bytes } }
    }

    public func generate(into folder: URL, progress: ProgressReporter? = nil) throws -> Report {
        let web = try configuration.web.settings()
        let assets = configuration.assets(extra: web == nil ? [] : configuration.snippetAssets)

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = OutputFolder(url: folder)

        // Render first: if that fails, the previous manifest.json still lists only files
        // that are there, so the folder and its manifest keep matching.
        let entries = try BatchRenderer(renderer: renderer, workers: workers).run(assets, into: folder, progress: progress)

        var pages: [(String, String)] = [
            ("index.html", templates.render("index.html", GalleryPage.view(configuration: configuration, assets: assets,
                                                                            entries: entries, titles: renderer.titles,
                                                                            snippets: web != nil))),
        ]
        if let web {
            let snippets = SnippetRenderer(templates: templates, titles: renderer.titles)
                .render(button: configuration.snippetButton, web: web, images: .files(prefix: "", naming: AssetNaming(configuration)),
                        pageLocale: configuration.locales[0])
            pages += snippets.files.map { ($0.name, $0.text) }
        }
        var pageEntries: [Manifest.Page] = []
        for (name, text) in pages {
            let bytes = Array(text.utf8)
            try output.write(bytes, to: name)
            pageEntries.append(Manifest.Page(path: name, bytes: bytes.count, sha256: Checksum.sha256(bytes)))
        }

        let removed = try output.removeStale(keeping: Set(assets.map(\.path) + pages.map(\.0)))
        let manifest = Manifest(files: entries, pages: pageEntries)
        try output.write(try manifest.encoded(), to: OutputFolder.manifestName)
        return Report(manifest: manifest, removed: removed,
                      snippetsSkipped: web == nil ? "no snippet written: pass --client-id and --redirect-uri (or set them in the config file)" : nil)
    }
}
