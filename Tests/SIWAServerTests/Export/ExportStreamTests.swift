import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SIWAButtons
import SIWAGenerator
import SharedTestSupport
import Testing
import ZIPFoundation
@testable import SIWAServer

/// The export sent while it is archived: the bytes published as final are the final
/// archive's; a write that fails stops the export and frees its slot and files; several
/// presets in one ZIP are generate's set.
@Suite struct ExportStreamTests {
    @Test("Each committed prefix is the final archive's: what is sent early never changes")
    func committedPrefixesAreFinal() throws {
        let tmp = try TemporaryFolder()
        var config = GeneratorConfiguration()
        config.modes = [.center, .logo]
        config.styles = [.black, .white]
        config.types = [.signIn]
        let file = tmp("set.zip")
        let archive = try SetArchive(creating: file, maxBytes: 1 << 30)
        let snapshots = Snapshots()
        let report = try Generator(
            configuration: config, renderer: try ButtonRenderer.shared(), templates: try TemplateSet.load(), workers: 1
        )
        .generate(
            into: tmp("set"),
            written: { path, bytes in
                let final = try archive.add(path, bytes)
                snapshots.append(final, Array(try Data(contentsOf: file).prefix(final)))
            })
        let whole = try [UInt8](Data(contentsOf: file))
        let taken = snapshots.list
        #expect(taken.count == report.manifest.files.count + report.manifest.pages.count + 1)  // + manifest.json
        #expect(zip(taken.dropLast(), taken.dropFirst()).allSatisfy { $0.0.0 < $0.1.0 })
        for (offset, bytes) in taken {
            #expect(Array(whole.prefix(offset)) == bytes, "prefix \(offset) changed")
        }
        #expect(try archive.size == whole.count)
    }

    /// The prefixes `committedPrefixesAreFinal` took, from the generator's callback.
    final class Snapshots: @unchecked Sendable {
        private let lock = NSLock()
        private var taken: [(Int, [UInt8])] = []
        var list: [(Int, [UInt8])] { lock.withLock { taken } }
        func append(_ offset: Int, _ bytes: [UInt8]) { lock.withLock { taken.append((offset, bytes)) } }
    }

    /// The default matrix at 1x in the first `locales` locales, made as an export makes it
    /// (one worker).
    static func exportGenerator(locales: Int) throws -> (GeneratorConfiguration, Generator) {
        var config = GeneratorConfiguration()
        config.locales = Array(ButtonLocale.all.prefix(locales))
        config.scales = [1]
        let generator = Generator(
            configuration: config, renderer: try ButtonRenderer.shared(), templates: try TemplateSet.load(),
            workers: 1)
        return (config, generator)
    }

    @Test("The answer starts with the first file, long before the set is made")
    func startsBeforeTheSetIsMade() async throws {
        let slots = ExportSlots(limit: 1), downloads = ExportSlots(limit: 1)
        let (config, generator) = try Self.exportGenerator(locales: 4)
        // The producer stops before its third image until the answer has started.
        let started = DispatchSemaphore(value: 0)
        let checkpoints = Snapshots()
        let export = ExportStream(
            making: try #require(slots.take()), download: try #require(downloads.take()),
            onCheckpoint: {
                checkpoints.append(0, [])
                if checkpoints.list.count == 3 { _ = started.wait(timeout: .now() + 30) }
            })
        let producer = Thread { export.make(generator: generator, maxBytes: 1 << 30) }
        producer.start()
        let ready = await export.ready()
        #expect(ready.failure == nil && ready.committed > 0)
        #expect(ready.size == nil, "the answer waited for the whole set")
        #expect(checkpoints.list.count <= 3)
        started.signal()
        var sink: any ResponseBodyWriter = CollectingWriter()
        try await export.send(to: &sink)
        let archive = try #require(sink as? CollectingWriter).bytes
        #expect(try ExportEndpointTests.entries(archive).count == Generator.fileCount(config, snippets: false))
        try await waitUntil { slots.inUse == 0 && downloads.inUse == 0 }
    }

    /// A writer that keeps what it is sent.
    final class CollectingWriter: ResponseBodyWriter, @unchecked Sendable {
        var bytes: [UInt8] = []
        func write(_ buffer: ByteBuffer) async throws { bytes += buffer.readableBytesView }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// A writer that fails at once, as a connection closed under it.
    struct FailingWriter: ResponseBodyWriter {
        mutating func write(_ buffer: ByteBuffer) async throws {
            throw ChannelError.ioOnClosedChannel
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    @Test("A failed write stops the producer: the slot is freed and the export folder removed")
    func failedWriteStopsTheExport() async throws {
        let slots = ExportSlots(limit: 1), downloads = ExportSlots(limit: 1)
        // 726 files: the first piece is sent (and fails) long before the last entry is archived.
        let (_, generator) = try Self.exportGenerator(locales: 20)
        do {
            let export = ExportStream(making: try #require(slots.take()), download: try #require(downloads.take()))
            let producer = Thread { export.make(generator: generator, maxBytes: 1 << 30) }
            producer.start()
            let ready = await export.ready()
            #expect(ready.committed > 0 && ready.failure == nil)
            var writer: any ResponseBodyWriter = FailingWriter()
            await #expect(throws: ChannelError.self) { try await export.send(to: &writer) }
            try await waitUntil(timeout: .seconds(30)) { export.progress.failure != nil }
            #expect(export.progress.failure is CancellationError)
            #expect(export.progress.size == nil)  // stopped before the archive was complete
        }
        try await waitUntil { slots.inUse == 0 && downloads.inUse == 0 }
        #expect(ExportEndpointTests.leftovers().isEmpty)
    }

    @Test("Two presets in one ZIP, formats per preset: generate's set byte for byte")
    func twoPresets() async throws {
        let fields = [
            ("presets", "ios,android"), ("formats", "png,pdf,vectordrawable"), ("modes", "center,logo"),
            ("types", "sign-in"), ("styles", "black,white"), ("locales", "en_US,de_DE"),
        ]
        let (folder, files) = try ExportEndpointTests.generated(fields)
        let expected = Dictionary(uniqueKeysWithValues: files.map { ($0, folder.bytes("set/" + $0)) })
        let query = fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/api/export.zip?" + query, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"siwa-buttons-ios-android.zip\"")
            let entries = try ExportEndpointTests.entries(response.bytes)
            #expect(entries.map(\.path) == files)
            #expect(entries.allSatisfy { $0.bytes == expected[$0.path] })
            #expect(
                files.contains { $0.hasPrefix("ios/") && $0.hasSuffix(".pdf") }
                    && !files.contains { $0.hasPrefix("ios/") && $0.hasSuffix(".png") })
            #expect(
                files.contains { $0.hasPrefix("android/") && $0.hasSuffix(".xml") }
                    && files.contains { $0.hasPrefix("android/") && $0.hasSuffix(".png") })
            // A format no chosen preset holds: the JSON error naming the parameter.
            let svg = try await client.execute(uri: "/api/export.zip?presets=ios,android&formats=png,svg", method: .get)
            #expect(svg.status == .badRequest)
            #expect(
                svg.apiError
                    == APIError(
                        parameter: "formats", reason: "no chosen preset (ios, android) holds 'svg': web does",
                        message: "Invalid value for parameter 'formats': no chosen preset (ios, android) holds 'svg': web does."))
        }
        #expect(ExportEndpointTests.leftovers().isEmpty)
    }

    @Test("A full single-platform pack of the default matrix in all 37 languages fits the default file limit")
    func fullPacksFit() throws {
        for preset in Preset.allCases {
            var config = GeneratorConfiguration()
            config.presets = [preset]
            config.locales = ButtonLocale.all
            config.web.clientId = "com.example.web"
            config.web.redirectURI = "https://example.com/auth/apple"
            let files = Generator.fileCount(config, snippets: true)
            #expect(files <= ExportLimits.defaultMaxFiles, "\(preset): \(files) files")
            if preset == .android { #expect(files == 6_909) }
        }
    }

    @Test("A client that stops reading and resets the connection mid-download frees the slot and the files at once")
    func stalledReaderReset() async throws {
        let port = PortBox()
        let (app, exports) = ExportEndpointTests.app(port: port)
        try await withLiveServer(app, port: port) { port in
            // Every locale at scale 6: about 10 MB, more than the socket buffers hold (loopback's send buffer grows to 4 MiB).
            let reader = try RawConnection(port: port, receiveBuffer: 4096)
            reader.send(
                "GET /api/export.zip?locales=all&modes=center,left&types=sign-in,continue&styles=black,white&scales=6&formats=png"
                    + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let head = await reader.readHead(timeout: 300)
            #expect(head.hasPrefix("HTTP/1.1 200 OK"), "\(head)")
            #expect(head.lowercased().contains("transfer-encoding: chunked"))
            // Stops reading: the server fills the socket and waits with the download's place
            // held; once the archive is made, the making slot is free for other exports.
            try await Task.sleep(for: .seconds(1))
            #expect(exports.downloads.inUse == 1)
            try await waitUntil(timeout: .seconds(120)) { exports.slots.inUse == 0 }
            let other = try await RawHTTP.exchange(
                "GET /api/export.zip?modes=logo&styles=black HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Connection: close\r\n\r\n", port: port)
            #expect(other.hasPrefix("HTTP/1.1 200 OK"), "another export while the reader stalls")
            #expect(exports.downloads.inUse == 1)
            let reset = ContinuousClock.now
            reader.reset()
            try await waitUntil(timeout: .seconds(60)) { exports.downloads.inUse == 0 && exports.slots.inUse == 0 }
            try await waitUntil(timeout: .seconds(5)) { ExportEndpointTests.leftovers().isEmpty }
            print("stalled reader: slot freed \(ContinuousClock.now - reset) after the reset")
        }
    }
}
