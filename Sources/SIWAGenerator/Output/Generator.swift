import CSIWASystem
import Foundation
import SIWAFiles
import SIWAButtons

/// `siwa-buttons generate`: the images of the matrix, `manifest.json`, the gallery
/// and, when client id and redirect URI are known, the snippets.
///
/// The set is built in a staging folder beside the output folder and swapped in whole
/// (`StagingFolder`): a run that fails, is interrupted or is killed leaves the output
/// folder exactly as it was, the previous set matching its manifest.
package struct Generator: Sendable {
    package var configuration: GeneratorConfiguration
    package var renderer: ButtonRenderer
    package var templates: TemplateSet
    /// Worker threads (nil: all cores).
    package var workers: Int?
    /// Tests turn this off to take the two-rename swap.
    var atomicExchange = true
    /// Whether the set is on disk before it is swapped in (syncfs). A set that only
    /// passes through a temporary folder (the service's ZIP export) skips it: syncfs
    /// waits for every dirty page of the file system, other programs' too.
    package var syncsToDisk = true

    package init(configuration: GeneratorConfiguration, renderer: ButtonRenderer, templates: TemplateSet, workers: Int? = nil) {
        self.configuration = configuration
        self.renderer = renderer
        self.templates = templates
        self.workers = workers
    }

    /// What a run wrote.
    package struct Report: Sendable {
        package var manifest: Manifest
        /// Files of the previous set that this one no longer makes.
        package var removed: [String]
        /// Why no snippet was written, if none was.
        package var snippetsSkipped: String?

        package var imageBytes: Int { manifest.files.reduce(0) { $0 + $1.bytes } }
    }

    /// `checkpoint` is called before each image and once before the swap: throwing
    /// stops the run (the command throws on SIGINT/SIGTERM) and leaves `folder` as it was.
    /// `written` is told of each file once it is written whole, with its path in the set
    /// and its bytes: the images (in plan order with one worker), the pages, then
    /// `manifest.json`. The service's export archives them as they come.
    package func generate(
        into folder: URL, progress: (any ProgressReporter)? = nil,
        checkpoint: @Sendable () throws -> Void = {}, written: @Sendable (String, [UInt8]) throws -> Void = { _, _ in }
    ) throws -> Report {
        let (web, plan, pageNames) = try prepare()

        let staging = try StagingFolder(target: folder)
        staging.atomicExchange = atomicExchange
        defer { staging.close() }
        let removed = try CarryOver(
            from: staging.target, to: staging.url,
            previous: OutputFolder.previousFiles(in: staging.target),
            newFiles: Set(plan.assets.map(\.path) + pageNames + [OutputFolder.manifestName])
        ).run()

        var entries = try BatchRenderer(renderer: renderer, workers: workers)
            .run(plan.assets, into: staging.url, progress: progress, checkpoint: checkpoint, written: written)
        if let version = configuration.cacheVersion {
            // Last in a canonical URL (ButtonRequest.canonicalTarget), so appended.
            for index in entries.indices {
                let endpoint = entries[index].endpoint
                entries[index].endpoint =
                    endpoint + (endpoint.contains("?") ? "&" : "?") + "\(ButtonRequest.cacheBustingParameter)=\(version)"
            }
        }
        let webLayout = configuration.presets.isEmpty || configuration.presets.contains(.web)
        let hasSnippets = web != nil && webLayout
        let gallery = GalleryPage.pages(
            configuration: configuration, assets: plan.assets, entries: entries,
            titles: renderer.titles, snippets: hasSnippets
        )
        .map { TextFile(path: $0.path, text: templates.render("index.html", $0.view)) }
        var pageEntries: [Manifest.Page] = []
        let galleryScript = TextFile(path: "gallery.js", text: templates.render("gallery.js"))
        for file in gallery + [galleryScript] + plan.texts {
            let bytes = file.bytes
            try write(bytes, to: file.path, in: staging.url)
            try written(file.path, bytes)
            pageEntries.append(
                Manifest.Page(
                    path: file.path, bytes: bytes.count, sha256: Checksum.sha256(bytes),
                    preset: file.preset?.rawValue))
        }
        let manifest = Manifest(files: entries, pages: pageEntries)
        let manifestBytes = try manifest.encoded()
        try write(manifestBytes, to: OutputFolder.manifestName, in: staging.url)
        try written(OutputFolder.manifestName, manifestBytes)
        try checkpoint()
        if syncsToDisk { try Self.flush(staging.url) }
        try staging.commit()
        return Report(
            manifest: manifest, removed: removed,
            snippetsSkipped: web == nil && webLayout
                ? "no snippet written: pass --client-id and --redirect-uri (or set them in the config file)" : nil)
    }

    /// Every path a run writes, relative to its folder, found without drawing: what a
    /// configuration from outside (a file, an export's query) makes of the folder.
    package func plannedPaths() throws(ConfigurationError) -> [String] {
        let (_, plan, pageNames) = try prepare()
        return plan.assets.map(\.path) + pageNames + [OutputFolder.manifestName]
    }

    /// The configuration checked and planned: its web-flow settings, the files, the pages.
    private func prepare() throws(ConfigurationError) -> (WebFlowSettings?, SetPlan, [String]) {
        let web = try configuration.web.settings()
        try configuration.checkPresets()
        let plan = try SetPlan(configuration, titles: renderer.titles, templates: templates, web: web)
        return (web, plan, GalleryPage.paths(configuration) + ["gallery.js"] + plan.texts.map(\.path))
    }

    private func write(_ bytes: [UInt8], to name: String, in folder: URL) throws {
        do {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw BatchRenderer.RenderFailure(path: name, underlying: error)
        }
    }

    /// Every file of the staging folder on disk before it is swapped in (one syncfs for
    /// the whole file system instead of an fsync per file); a write error the kernel
    /// reports only now (a full disk under delayed allocation) fails the run here.
    private static func flush(_ folder: URL) throws {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: folder.path) }
        defer { close(fd) }
        guard siwa_syncfs(fd) == 0 else {
            throw BatchRenderer.RenderFailure(path: "", underlying: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
    }

    /// How many files a run writes (images, pages, manifest.json), counted without
    /// listing them, so a request for millions is refused at once.
    package static func fileCount(_ configuration: GeneratorConfiguration, snippets: Bool) -> Int {
        let web = try? configuration.web.settings()
        let layouts = PresetRegistry.presets(of: configuration).reduce(0) { count, preset in
            count
                + PresetRegistry.layout(
                    preset, of: configuration, titles: .standard, web: web, snippets: snippets,
                    templates: nil
                ).fileCount()
        }
        // + index.html, gallery.js, manifest.json, the gallery's other pages
        return layouts + SetPlan.strings(configuration, titles: .standard).count + 3 + GalleryPage.languagePages(configuration).count
    }
}
