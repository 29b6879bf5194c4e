import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SIWAButtons
import SIWAGenerator
import SharedTestSupport
import Testing
import ZIPFoundation
@testable import SIWAServer

/// `GET /api/export.zip`: the archive holds what `Generator` writes for the same options,
/// byte for byte; bad queries and sets past the limits get 400, a busy service 503; the
/// temporary files are gone in every case.
@Suite struct ExportEndpointTests {
    /// A small set with snippets: two locales, two layouts, PNG 1x/2x and SVG.
    static let query =
        "modes=center,logo&types=sign-in&styles=black,white-outline&locales=en_US,ar_SA&sizes=260x48r30"
        + "&scales=1,2&formats=png,svg&client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple"
        + "&scope=name&use-popup=true"

    /// What `generate` writes for the same options, set as its flags set them: the files
    /// in the order it writes them (the export's entry order).
    static func generated(_ fields: [(String, String)]) throws -> (folder: TemporaryFolder, files: [String]) {
        var overrides = ConfigurationOverrides()
        for (name, value) in fields {
            let field = try #require(GeneratorField(rawValue: name))
            if field.isList {
                try overrides.setList(field, ConfigurationOverrides.commaList(value, flag: field.flag))
            } else {
                try overrides.setValue(field, value, label: field.flag)
            }
        }
        var configuration = GeneratorConfiguration()
        overrides.apply(to: &configuration)
        let folder = try TemporaryFolder()
        // One worker, as the export's: the files come in plan order.
        let generator = Generator(
            configuration: configuration, renderer: try ButtonRenderer.shared(),
            templates: try TemplateSet.load(), workers: 1)
        let order = WrittenFiles()
        _ = try generator.generate(into: folder("set"), written: { path, _ in order.append(path) })
        #expect(order.paths.sorted() == folder.files().filter { $0.hasPrefix("set/") }.map { String($0.dropFirst(4)) }.sorted())
        return (folder, order.paths)
    }

    /// The paths `Generator` reports as written, in order.
    final class WrittenFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        var paths: [String] { lock.withLock { list } }
        func append(_ path: String) { lock.withLock { list.append(path) } }
    }

    /// Every entry of a ZIP, path → bytes, in archive order.
    static func entries(_ bytes: [UInt8]) throws -> [(path: String, bytes: [UInt8], date: Date)] {
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return (entry.path, Array(data), entry.fileAttributes[.modificationDate] as? Date ?? .distantPast)
        }
    }

    /// Export folders left behind right now: those no running export holds. An export of
    /// a test running in parallel holds its folder's flock(); a leaked one has none. Read
    /// from /proc/locks, without taking a lock (which would race the routes' own cleanup).
    static func leftovers() -> [String] {
        let parent = FileManager.default.temporaryDirectory
        let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        let locked = Set(
            locks.split(separator: "\n").filter { $0.contains("FLOCK") }.compactMap { line in
                line.split(separator: " ").first { $0.filter { $0 == ":" }.count == 2 }?.split(separator: ":").last.map(String.init)
            })
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasPrefix("siwa-export-") && $0.count == "siwa-export-XXXXXX".count }
            .filter { name in
                var info = stat()
                guard stat(parent.appendingPathComponent(name).path, &info) == 0 else { return false }  // removed meanwhile
                return !locked.contains(String(info.st_ino))
            }
    }

    @Test("The archive holds exactly the files Generator writes for the same options, the same bytes on every request")
    func sameAsGenerate() async throws {
        let fields = Self.query.split(separator: "&").map { piece in
            let parts = piece.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts[1].removingPercentEncoding!)
        }
        let (folder, files) = try Self.generated(fields)
        #expect(files.contains("manifest.json") && files.contains("index.html") && files.contains("snippet.html"))
        #expect(files.contains { $0.hasPrefix("center/sign-in/black/ar_SA/") })
        let expected = Dictionary(uniqueKeysWithValues: files.map { ($0, folder.bytes("set/" + $0)) })
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/api/export.zip?" + Self.query, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"siwa-buttons.zip\"")
            // Sent while it is archived: no length (chunked), the set surely fitting the byte
            // limit; unless the archive was complete before the answer started (a busy
            // machine), which then says its length.
            #expect(response.headers[.contentLength] == nil || response.headers[.contentLength] == String(response.bytes.count))
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[ExportEndpoint.filesHeader] == String(files.count))
            let entries = try Self.entries(response.bytes)
            #expect(entries.map(\.path) == files)
            for entry in entries {
                #expect(entry.bytes == expected[entry.path], "\(entry.path) differs from generate's")
                #expect(entry.date == SetArchive.entryDate)
            }
            let again = try await client.execute(uri: "/api/export.zip?" + Self.query, method: .get)
            #expect(again.bytes == response.bytes)

            let head = try await client.execute(uri: "/api/export.zip?" + Self.query, method: .head)
            #expect(head.status == .ok)
            #expect(head.bytes.isEmpty)
            #expect(head.headers[.contentLength] == nil)  // not 0: the size is known only once the set is made
            #expect(head.headers[ExportEndpoint.filesHeader] == String(files.count))
        }
        #expect(Self.leftovers().isEmpty)
    }

    @Test("No parameter: the default set of generate (84 images, manifest.json, index.html, gallery.js)")
    func defaults() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/api/export.zip", method: .get)
            #expect(response.status == .ok)
            let paths = try Self.entries(response.bytes).map(\.path)
            #expect(paths.count == 87)
            #expect(paths.contains("manifest.json") && paths.contains("index.html") && !paths.contains("snippet.html"))
        }
    }

    @Test(
        "Bad queries: 400, the JSON error naming the parameter; templates= is refused",
        arguments: [
            ("colour=black", "colour", "Unknown parameter 'colour' for /api/export.zip"),
            ("locales=en_US&locales=de_DE", "locales", "'locales' is given more than once"),
            ("locales=xx_XX", "locales", "Invalid value for parameter 'locales': unknown locale 'xx_XX'"),
            ("scales=9", "scales", "scales"),
            ("formats=gif", "formats", "formats"),
            ("sizes=250", "sizes", "sizes"),
            ("use-popup=maybe", "use-popup", "use-popup"),
            ("redirect-uri=http%3A%2F%2Fexample.com%2Fcb&client-id=com.example.web", "redirect-uri", "redirect-uri"),
            ("templates=%2Fetc", "templates", "Parameter 'templates' is not accepted here: the service reads no paths from a request."),
            ("modes=", "modes", "modes"),
            ("locales=en%ZZ", nil, "Malformed query: bad percent-encoding"),
            ("locales", nil, "Malformed query: 'locales' has no '=value'."),
            ("presets=tvos", "presets", "Invalid value for parameter 'presets': unknown preset 'tvos'"),
            (
                "presets=email&formats=svg", "formats",
                "Invalid value for parameter 'formats': no chosen preset (email) holds 'svg': web does"
            ),
            ("presets=email", "presets", "Invalid value for parameter 'presets': 'email' needs --client-id and --redirect-uri"),
            ("naming=tiny", "naming", "naming"),
            ("presets=ios&strings=po", "strings", "Invalid value for parameter 'strings': unknown strings format 'po'"),
            (
                "presets=android&strings=xcstrings", "strings",
                "Invalid value for parameter 'strings': no chosen preset (android) holds 'xcstrings': ios does"
            ),
            (
                "presets=ios&ios-imagesets=flat", "ios-imagesets",
                "Invalid value for parameter 'ios-imagesets': unknown imageset naming 'flat'"
            ),
        ] as [(String, String?, String)])
    func badQueries(query: String, parameter: String?, message: String) async throws {
        try await TestApp.make().test(.router) { client in
            for method in [HTTPRequest.Method.get, .head] {
                let response = try await client.execute(uri: "/api/export.zip?" + query, method: method)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                if method == .get {
                    let error = try #require(response.apiError, "\(query): \(response.text)")
                    #expect(error.parameter == parameter, "\(query): \(error)")
                    #expect(error.message.contains(message), "\(query): \(error.message)")
                    #expect(!error.message.contains("\n"))
                }
            }
        }
    }

    @Test("A set past the file limit is refused at once; past the byte limit refused or cut, with nothing left")
    func limits() async throws {
        try await TestApp.make(exportLimits: ExportLimits(maxFiles: 86, maxBytes: 1 << 30)).test(.router) { client in
            // 84 images, index.html, gallery.js, manifest.json: 87 files.
            let response = try await client.execute(uri: "/api/export.zip", method: .get)
            #expect(response.status == .badRequest)
            #expect(
                response.apiError
                    == APIError(
                        refusing:
                            "This set has 87 files, more than the 86 an export may hold: ask for fewer locales, sizes, scales or formats."))
            #expect(try await client.execute(uri: "/api/export.zip?formats=svg", method: .get).status == .ok)
            // Hundreds of sizes in every preset: refused from the list lengths, before any file is laid out.
            let sizes = (130...375).map { "\($0)x30" }.joined(separator: ",")
            let query = "presets=ios,android,flutter&locales=all&modes=center,left&types=sign-in,continue,sign-up&sizes=" + sizes
            #expect(try await client.execute(uri: "/api/export.zip?" + query, method: .head).status == .badRequest)
            // "at least": the bound answered, not the count (which says how many exactly).
            let text = try await client.execute(uri: "/api/export.zip?" + query, method: .get).apiError?.message
            #expect(
                text == "This set has at least \(2 * 3 * 3 * 37 * 246 * 3) files, more than the 86 an export may hold: "
                    + "ask for fewer locales, sizes, scales or formats.", "\(String(describing: text))")
        }
        try await TestApp.make(exportLimits: ExportLimits(maxBytes: 300)).test(.router) { client in
            // The first file alone passes the limit: nothing was sent yet, so a 400 says why.
            let response = try await client.execute(uri: "/api/export.zip?modes=center&styles=black,white", method: .get)
            #expect(response.status == .badRequest)
            #expect(
                response.apiError?.message == "This set's archive would be larger than the 300 bytes an export may hold: "
                    + "ask for fewer locales, sizes, scales or formats.")
        }
        try await TestApp.make(exportLimits: ExportLimits(maxBytes: 12_000)).test(.live) { client in
            let small = try await client.execute(uri: "/api/export.zip?modes=logo&styles=black&formats=svg", method: .get)
            #expect(small.status == .ok)
            #expect(small.bytes.count <= 12_000)
            // Past the limit after the answer started: cut there (the connection closes before
            // the last chunk), never a complete-looking archive.
            do {
                let response = try await client.execute(uri: "/api/export.zip?modes=center&styles=black,white", method: .get)
                #expect(response.status == .ok)
                #expect((try? Self.entries(response.bytes)) == nil, "a cut archive reads as whole")
            } catch {
                // The client saw the connection close before the answer's end.
            }
        }
        #expect(Self.leftovers().isEmpty)
    }

    /// The routes alone, to reach their export slots.
    static func app(
        workers: Int = 2, queueDepth: Int = 8, gate: RenderGate? = nil, port: PortBox? = nil,
        limits: ExportLimits = ExportLimits()
    )
        -> (app: some ApplicationProtocol, exports: ExportRoutes<BasicRequestContext>)
    {
        var logger = Logger(label: "export-tests")
        logger.logLevel = .warning
        let service = ButtonService(
            backend: TestRenderer(gate: gate).backend, workers: workers, queueDepth: queueDepth,
            cacheMB: 0, logger: logger)
        let exports = ExportRoutes<BasicRequestContext>(service: service, limits: limits, logger: logger)
        let router = Router()
        router.addRoutes(ImageRoutes(service: service).routes)
        router.addRoutes(exports.routes)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            services: [service], onServerRunning: { port?.set($0.localAddress?.port) }, logger: logger)
        return (app, exports)
    }

    @Test("Every slot busy: a request waits in line and is served when one is freed; past the line, 503 with Retry-After")
    func waitingLine() async throws {
        let (app, exports) = Self.app(limits: ExportLimits(concurrent: 1, line: 1, maxWait: .seconds(30)))
        try await app.test(.router) { client in
            let running = try #require(exports.slots.take())
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/api/export.zip?modes=logo&styles=black", method: .get) }
                try await waitUntil { exports.slots.waiting == 1 }
                let busy = try await client.execute(uri: "/api/export.zip?modes=logo&styles=black", method: .get)
                #expect(busy.status == .serviceUnavailable)
                // What is ahead (1 file held here, 7 in line) at the starting rate, one slot: under a second.
                #expect(busy.headers[.retryAfter] == "1")
                #expect(busy.apiError == APIError(refusing: "The service is busy with other exports; retry in 1 s."))
                #expect(exports.slots.retryAfter() == 1)
                running.release()
                let served = try #require(try await group.next())
                #expect(served.status == .ok)
            }
            try await waitUntil { exports.slots.inUse == 0 }
        }
        // Waited past maxWait: 503, and the line is empty again.
        let (short, shortExports) = Self.app(limits: ExportLimits(concurrent: 1, line: 4, maxWait: .milliseconds(200)))
        try await short.test(.router) { client in
            let running = try #require(shortExports.slots.take())
            let started = ContinuousClock.now
            let late = try await client.execute(uri: "/api/export.zip?modes=logo&styles=black", method: .get)
            #expect(late.status == .serviceUnavailable && late.headers[.retryAfter] != nil)
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(shortExports.slots.waiting == 0)
            running.release()
        }
    }

    @Test("Counted against the render queue: a full queue answers the export 503 and frees its slot")
    func renderQueueFull() async throws {
        let gate = RenderGate()
        defer { gate.open() }  // also when an expectation throws
        let (app, exports) = Self.app(workers: 1, queueDepth: 0, gate: gate)
        try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                // One image render holds the only render thread; the queue has no room for more.
                group.addTask { try await client.execute(uri: "/appleid/button?width=201", method: .get) }
                try await waitUntil { gate.entered == 1 }
                let export = try await client.execute(uri: "/api/export.zip?modes=logo&styles=black", method: .get)
                #expect(export.status == .serviceUnavailable)
                #expect(export.headers[.retryAfter] == "1")
                #expect(exports.slots.inUse == 0)
                gate.open()
                let image = try #require(try await group.next())
                #expect(image.status == .ok)
            }
            let export = try await client.execute(uri: "/api/export.zip?modes=logo&styles=black", method: .get)
            #expect(export.status == .ok)
        }
    }

    @Test("Mounted under /buttons in a host app: /buttons/api/export.zip, nothing at /api/export.zip")
    func mounted() async throws {
        try await MountedRoutesTests.hostApp().test(.router) { client in
            let response = try await client.execute(uri: "/buttons/api/export.zip?modes=logo&styles=black,white&scales=2", method: .get)
            #expect(response.status == .ok)
            #expect(
                try Self.entries(response.bytes).map(\.path)
                    == [
                        "logo/black/button.svg", "logo/black/button@2x.png", "logo/white/button.svg", "logo/white/button@2x.png",
                        "index.html", "gallery.js", "manifest.json",
                    ])
            let bad = try await client.execute(uri: "/buttons/api/export.zip?templates=x", method: .get)
            #expect(bad.status == .badRequest)
            #expect(try await client.execute(uri: "/api/export.zip", method: .get).status == .notFound)
        }
    }

    @Test("A client gone before the answer: the export's slot is freed and no file is left")
    func clientGone() async throws {
        let port = PortBox()
        let (app, exports) = Self.app(port: port)
        try await withLiveServer(app, port: port) { port in
            do {
                let connection = try RawConnection(port: port)
                connection.send("GET /api/export.zip HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                try await waitUntil { exports.slots.inUse == 1 }
            }  // closed here, while the set is being made
            try await waitUntil(timeout: .seconds(60)) { exports.slots.inUse == 0 }
            #expect(Self.leftovers().isEmpty)
            let answer = try await RawHTTP.exchange(
                "GET /api/export.zip?modes=logo&styles=black HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Connection: close\r\n\r\n", port: port)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
        }
    }

    @Test("Folders left by a killed export are removed when the routes are made; one in use stays")
    func killedLeftovers() throws {
        let parent = FileManager.default.temporaryDirectory
        let dead = parent.appendingPathComponent("siwa-export-" + UUID().uuidString.prefix(6))
        let other = parent.appendingPathComponent("siwa-export-not-ours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: dead.appendingPathComponent("set/logo"), withIntermediateDirectories: true)
        try Data("partial".utf8).write(to: dead.appendingPathComponent("set/logo/button.svg"))
        let live = try ExportFolder()
        let (_, _) = Self.app()
        // Routes made by a test running in parallel may be removing it at this moment
        // (holding its lock, so these routes skipped it): gone within moments either way.
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: dead.path) && Date() < deadline { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: live.url.path))
        let path = live.url.path
        withExtendedLifetime(live) {}
        _ = consume live
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
