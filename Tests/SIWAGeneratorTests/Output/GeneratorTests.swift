import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

@Suite struct GeneratorTests {
    private func withWeb(_ config: GeneratorConfiguration) -> GeneratorConfiguration {
        var config = config
        config.web.clientId = hostileClientId
        config.web.redirectURI = "https://example.com/auth/apple?from='snippet'"
        return config
    }

    /// With a cache-version token every endpoint URL carries it, last, as the service's
    /// canonical URL; so do the gallery's.
    @Test("Cache version in every endpoint") func cacheVersionInEveryEndpoint() throws {
        let folder = try TemporaryFolder()
        var config = smallConfiguration()
        config.cacheVersion = "2026-11"
        let report = try generator(config).generate(into: folder.url)
        #expect(!report.manifest.files.isEmpty)
        let gallery = String(decoding: folder.bytes("index.html"), as: UTF8.self)
        for entry in report.manifest.files {
            #expect(entry.endpoint.hasSuffix("v=2026-11"), "\(entry.endpoint)")
            let request = try ButtonRequest.parse(entry.endpoint)
            #expect(request.version == "2026-11" && request.canonicalTarget == entry.endpoint)
        }
        let shown = gallery.matches(of: /<code>(\/appleid\/button[^<]*)<\/code>/).map { String($0.output.1) }
        #expect(!shown.isEmpty)
        for endpoint in shown { #expect(endpoint.hasSuffix("&amp;v=2026-11") || endpoint.hasSuffix("?v=2026-11"), "\(endpoint)") }
    }

    /// The manifest lists exactly the files on disk, with their real size, checksum,
    /// pixel size and the endpoint query that draws them.
    @Test("Manifest matches the files") func manifestMatchesTheFiles() throws {
        let folder = try TemporaryFolder()
        let config = withWeb(smallConfiguration())
        let report = try generator(config).generate(into: folder.url)
        let manifest = try Manifest.decode(folder.bytes("manifest.json"))
        #expect(manifest == report.manifest)

        let listed = manifest.files.map(\.path) + manifest.pages.map(\.path) + ["manifest.json"]
        #expect(folder.files() == listed.sorted())
        #expect(manifest.files.map(\.path) == manifest.files.map(\.path).sorted())
        let pages = ["gallery.js", "index.html", "siwa-init.js", "siwa-signin.js", "snippet-img.html", "snippet-nojs.html", "snippet.html"]
        #expect(manifest.pages.map(\.path) == (ElementFiles.names() + pages).sorted())
        #expect(manifest.pages.map(\.path).contains("core/titles/ar_SA.generated.js"))
        #expect(Set(config.assets(extra: config.snippetAssets).map(\.path)) == Set(manifest.files.map(\.path)))

        let renderer = try ButtonRenderer.shared()
        for entry in manifest.files {
            let bytes = folder.bytes(entry.path)
            #expect(entry.bytes == bytes.count)
            #expect(entry.sha256 == Checksum.sha256(bytes))
            // The endpoint query draws the very same bytes; it is canonical (format=png left out).
            let request = try ButtonRequest.parse(entry.endpoint)
            #expect(request.canonicalTarget == entry.endpoint)
            #expect((request.format ?? .png).rawValue == entry.format)
            #expect(
                try renderer.render(request.spec, format: request.format ?? .png, scale: Double(request.scale)) == bytes, "\(entry.path)")
            #expect(entry.scale == request.scale)
            #expect(entry.parameters["scale"] == .number(request.scale))
            #expect(entry.parameters["border"] == .flag(request.spec.border))
            if entry.format == "png" {
                let size = try #require(pngSize(bytes), "\(entry.path)")
                #expect(size.width == entry.width && size.height == entry.height, "\(entry.path)")
                #expect(entry.width == request.spec.width * request.scale)
            } else {
                #expect(entry.scale == 1 && entry.width == request.spec.width)
                #expect(String(decoding: bytes.prefix(200), as: UTF8.self).contains(entry.format == "svg" ? "<svg" : "%PDF"))
            }
            #expect(entry.path == AssetNaming(config).path(for: request.spec, format: request.format ?? .png, scale: request.scale))
        }
        for page in manifest.pages {
            #expect(page.sha256 == Checksum.sha256(folder.bytes(page.path)))
        }
    }

    @Test(
        "The manifest's checksums agree with sha256sum",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")))
    func checksumsAgreeWithSha256sum() throws {
        let folder = try TemporaryFolder()
        let manifest = try generator(smallConfiguration()).generate(into: folder.url).manifest
        let names = manifest.files.map(\.path)
        let system = try sha256sum(folder.url, names: names)
        #expect(system.count == names.count)
        let differing = zip(system, manifest.files).filter { $0.0 != $0.1.sha256 }.map(\.1.path)
        #expect(differing.isEmpty, "files whose manifest sha256 differs from sha256sum: \(differing.prefix(5))")
    }

    @Test("Reruns are byte identical") func rerunsAreByteIdentical() throws {
        let a = try TemporaryFolder(), b = try TemporaryFolder()
        let config = withWeb(smallConfiguration())
        _ = try generator(config).generate(into: a.url)
        var oneWorker = try generator(config)
        oneWorker.workers = 1
        _ = try oneWorker.generate(into: b.url)
        #expect(a.files() == b.files())
        for path in a.files() { #expect(a.bytes(path) == b.bytes(path), "\(path)") }
        // Again into the same folder: same manifest bytes, nothing removed.
        let before = a.bytes("manifest.json")
        let report = try generator(config).generate(into: a.url)
        #expect(report.removed.isEmpty)
        #expect(a.bytes("manifest.json") == before)
    }

    @Test("Smaller rerun removes only its own stale files") func smallerRerunRemovesOnlyItsOwnStaleFiles() throws {
        let folder = try TemporaryFolder()
        _ = try generator(withWeb(smallConfiguration())).generate(into: folder.url)
        try Data("keep".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
        var smaller = smallConfiguration()
        smaller.modes = [.logo]
        smaller.formats = [.png]
        let report = try generator(smaller).generate(into: folder.url)
        #expect(report.removed.contains("center/sign-in/black/en_US/button.svg"))
        #expect(report.removed.contains("snippet.html"))
        let manifest = try Manifest.decode(folder.bytes("manifest.json"))
        #expect(folder.files() == (manifest.files.map(\.path) + ["gallery.js", "index.html", "manifest.json", "notes.txt"]).sorted())
        // Emptied folders go too.
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("center").path))
    }

    @Test("A hand-edited manifest cannot delete outside the folder") func aHandEditedManifestCannotDeleteOutsideTheFolder() throws {
        let outer = try TemporaryFolder()
        let folder = outer.url.appendingPathComponent("dist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outer.url.appendingPathComponent("precious.txt"))
        let evil = Manifest(files: [], pages: [Manifest.Page(path: "../precious.txt", bytes: 0, sha256: "")])
        try Data(try evil.encoded()).write(to: folder.appendingPathComponent("manifest.json"))
        var config = smallConfiguration()
        config.modes = [.logo]
        config.formats = [.svg]
        _ = try generator(config).generate(into: folder)
        #expect(FileManager.default.fileExists(atPath: outer.url.appendingPathComponent("precious.txt").path))
    }

    @Test("A hand-edited manifest cannot delete folders or follow links") func aHandEditedManifestCannotDeleteFoldersOrFollowLinks() throws
    {
        let outer = try TemporaryFolder()
        let folder = outer.url.appendingPathComponent("dist")
        let elsewhere = outer.url.appendingPathComponent("elsewhere")
        for dir in [folder.appendingPathComponent("center"), elsewhere] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("center/notes.txt"))
        try Data("precious".utf8).write(to: elsewhere.appendingPathComponent("button.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("left"), withDestinationURL: elsewhere)
        // "center" is a folder; "left/button.png" lies behind a link to a folder outside.
        let evil = Manifest(
            files: [],
            pages: [
                Manifest.Page(path: "center", bytes: 0, sha256: ""),
                Manifest.Page(path: "left/button.png", bytes: 0, sha256: ""),
            ])
        try Data(try evil.encoded()).write(to: folder.appendingPathComponent("manifest.json"))
        var config = smallConfiguration()
        config.modes = [.logo]
        config.formats = [.svg]
        let report = try generator(config).generate(into: folder)
        #expect(report.removed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("center/notes.txt").path))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("button.png").path))
    }

    @Test("Logo-only snippets speak the chosen locale") func logoOnlySnippetsSpeakTheChosenLocale() throws {
        let folder = try TemporaryFolder()
        var config = withWeb(smallConfiguration())
        config.modes = [.logo]
        config.locales = [ButtonLocale(code: "de_DE")!]
        _ = try generator(config).generate(into: folder.url)
        let snippet = String(decoding: folder.bytes("snippet.html"), as: UTF8.self)
        let noJS = String(decoding: folder.bytes("snippet-nojs.html"), as: UTF8.self)
        #expect(snippet.contains("/appleid/1/de_DE/appleid.auth.js"))
        #expect(noJS.contains(#"alt="Mit Apple anmelden" lang="de-DE""#))
    }

    @Test("Gallery shows every button on light and dark") func galleryShowsEveryButtonOnLightAndDark() throws {
        let folder = try TemporaryFolder()
        let config = smallConfiguration()
        _ = try generator(config).generate(into: folder.url)
        let html = String(decoding: folder.bytes("index.html"), as: UTF8.self)
        let imgs = html.components(separatedBy: "<img ").count - 1
        #expect(imgs == config.variants.count * 2)
        #expect(html.components(separatedBy: "class=\"pane dark\"").count - 1 == config.variants.count)
        // Every linked file exists.
        for link in html.matches(of: /(?:href|src)="([^"#][^"]*)"/) {
            let path = String(link.output.1)
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path), "\(path)")
        }
        // RTL labels are marked as such.
        #expect(html.contains("lang=\"ar-SA\" dir=\"rtl\""))
        // No snippets without client id: the gallery does not link them.
        #expect(!html.contains("snippet.html"))
        #expect(!folder.files().contains("snippet.html"))
    }

    @Test("Snippet images exist even when the matrix lacks them") func snippetImagesExistEvenWhenTheMatrixLacksThem() throws {
        let folder = try TemporaryFolder()
        var config = withWeb(smallConfiguration())
        config.formats = [.svg]
        config.styles = [.black]
        _ = try generator(config).generate(into: folder.url)
        let html = String(decoding: folder.bytes("snippet-nojs.html"), as: UTF8.self)
        var count = 0
        for match in html.matches(of: /([a-z_\-\/A-Z]+@[123]x\.png)/) {
            count += 1
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(String(match.output.1)).path))
        }
        // Twice (the link to Apple and the one to the explanation): src + 3 in the img's
        // srcset + 3 in the dark source.
        #expect(count == 14)
    }

    /// The gallery shows every image written, the snippet's extra PNGs included, and
    /// counts what it shows.
    @Test("Gallery shows the snippet images too") func galleryShowsTheSnippetImagesToo() throws {
        let folder = try TemporaryFolder()
        var config = withWeb(smallConfiguration())
        config.formats = [.svg]
        config.styles = [.black]
        let manifest = try generator(config).generate(into: folder.url).manifest
        let html = String(decoding: folder.bytes("index.html"), as: UTF8.self)
        let linked = Set(html.matches(of: /href="([^"]+\.(?:png|svg|pdf))"/).map { String($0.output.1) })
        #expect(linked == Set(manifest.files.map(\.path)))
        // The white twin of the dark-mode <source> is a button of its own.
        let buttons = config.variants.count + 1
        #expect(html.contains("\(manifest.files.count) images of \(buttons) buttons"))
        #expect(html.components(separatedBy: "class=\"pane dark\"").count - 1 == buttons)
    }

    /// A run that fails part-way leaves the previous manifest, and every file it lists.
    @Test("A failed run keeps the folder matching its manifest") func aFailedRunKeepsTheFolderMatchingItsManifest() throws {
        let folder = try TemporaryFolder()
        _ = try generator(smallConfiguration()).generate(into: folder.url)
        let before = folder.bytes("manifest.json")
        // A folder where the new run must write an image makes that write fail.
        var logoOnly = smallConfiguration()
        logoOnly.modes = [.logo]
        logoOnly.scales = [3]
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("logo/black/button@3x.png"),
            withIntermediateDirectories: true)
        #expect(throws: BatchRenderer.RenderFailure.self) { try generator(logoOnly).generate(into: folder.url) }
        #expect(folder.bytes("manifest.json") == before)
        let manifest = try Manifest.decode(before)
        let missing = (manifest.files.map(\.path) + manifest.pages.map(\.path)).filter {
            !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent($0).path)
        }
        #expect(missing.isEmpty, "listed but gone: \(missing.prefix(5))")
    }
}
