import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
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
        _ = try Generator(configuration: config, renderer: try ButtonRenderer.shared(), templates: try TemplateSet.load())
            .generate(into: tmp("set"))
        let file = tmp("set.zip")
        var snapshots: [(Int, [UInt8])] = []
        try SetArchive.write(
            folder: tmp("set"), to: file, maxBytes: 1 << 30,
            committed: { final in
                snapshots.append((final, Array(try! Data(contentsOf: file).prefix(final))))
            })
        let archive = try [UInt8](Data(contentsOf: file))
        #expect(try snapshots.count == SetArchive.files(below: tmp("set")).count)
        #expect(zip(snapshots.dropLast(), snapshots.dropFirst()).allSatisfy { $0.0.0 < $0.1.0 })
        for (offset, bytes) in snapshots {
            #expect(Array(archive.prefix(offset)) == bytes, "prefix \(offset) changed")
        }
        // The bound holds the archive, and is not far above it.
        let bound = try SetArchive.bound(folder: tmp("set"))
        #expect(bound >= archive.count && bound < archive.count * 3, "bound \(bound), archive \(archive.count)")
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
        var config = GeneratorConfiguration()
        // 726 files: the first piece is sent (and fails) long before the last entry is archived.
        config.locales = Array(ButtonLocale.all.prefix(20))
        config.scales = [1]
        let generator = Generator(
            configuration: config, renderer: try ButtonRenderer.shared(), templates: try TemplateSet.load(),
            workers: 1)
        do {
            let export = ExportStream(making: try #require(slots.take()), download: try #require(downloads.take()))
            let producer = Thread { export.make(generator: generator, maxBytes: 1 << 30) }
            producer.start()
            let ready = await export.ready()
            #expect(ready.fits && ready.failure == nil)
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
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await waitUntil { port.value != nil }
            // Every locale at scale 6: about 10 MB, more than the socket buffers hold (loopback's send buffer grows to 4 MiB).
            let reader = try StalledReader(port: port.value!)
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
                    + "Connection: close\r\n\r\n", port: port.value!)
            #expect(other.hasPrefix("HTTP/1.1 200 OK"), "another export while the reader stalls")
            #expect(exports.downloads.inUse == 1)
            let reset = ContinuousClock.now
            reader.reset()
            try await waitUntil(timeout: .seconds(60)) { exports.downloads.inUse == 0 && exports.slots.inUse == 0 }
            try await waitUntil(timeout: .seconds(5)) { ExportEndpointTests.leftovers().isEmpty }
            print("stalled reader: slot freed \(ContinuousClock.now - reset) after the reset")
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

/// A client with a 4 KiB receive buffer that reads the answer's head and then nothing,
/// and leaves with a reset (SO_LINGER 0), as a crashed or killed client does.
final class StalledReader: @unchecked Sendable {
    private var fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RawConnection.Failure(description: "connect: \(errno)") }
    }

    deinit { if fd >= 0 { close(fd) } }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads a byte at a time up to the blank line, so nothing of the body is taken.
    func readHead(timeout: Double) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var head = [UInt8]()
                let deadline = Date().addingTimeInterval(timeout)
                var byte: UInt8 = 0
                while Date() < deadline, !head.reversed().starts(with: Array("\n\r\n\r".utf8)) {
                    var pfd = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&pfd, 1, 1000) >= 0 else { break }
                    if pfd.revents == 0 { continue }
                    guard recv(self.fd, &byte, 1, 0) == 1 else { break }
                    head.append(byte)
                }
                continuation.resume(returning: String(decoding: head, as: UTF8.self))
            }
        }
    }

    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)  // with unread data and linger 0: a reset
        fd = -1
    }
}
