import Dispatch
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOConcurrencyHelpers
import ServiceLifecycle
import SIWAButtons
@testable import SIWAServer
@testable import siwa_buttons_full

/// Holds renders on their worker thread until opened, so tests can fill the render
/// queue deterministically. Blocking is fine there: the render threads are dedicated.
final class RenderGate: Sendable {
    private let state: NIOLockedValueBox<(entered: Int, waiting: Int, open: Bool)>
    private let semaphore = DispatchSemaphore(value: 0)
    private let freePasses: Int

    /// - Parameter freePasses: renders let through before the gate starts holding them.
    init(freePasses: Int = 0) {
        self.freePasses = freePasses
        state = NIOLockedValueBox((entered: 0, waiting: 0, open: false))
    }

    /// Called by a render; blocks until `open()` unless already open. Gives up after
    /// 30 s so that a failing test ends instead of hanging on a held render thread.
    func pass() {
        let mustWait = state.withLockedValue { state in
            state.entered += 1
            guard !state.open, state.entered > freePasses else { return false }
            state.waiting += 1
            return true
        }
        if mustWait { _ = semaphore.wait(timeout: .now() + 30) }
    }

    /// Renders that have reached the gate so far.
    var entered: Int { state.withLockedValue { $0.entered } }

    func open() {
        let waiting = state.withLockedValue { state in
            state.open = true
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<waiting { semaphore.signal() }
    }
}

/// The real renderer, counting its calls and optionally held at a gate.
final class TestRenderer: Sendable {
    static let fingerprint = "test-fingerprint"
    private let calls = NIOLockedValueBox(0)
    let gate: RenderGate?

    init(gate: RenderGate? = nil) {
        self.gate = gate
    }

    var renderCount: Int { calls.withLockedValue { $0 } }

    var backend: RenderBackend {
        RenderBackend(fingerprint: Self.fingerprint) { [self] spec, format, scale in
            calls.withLockedValue { $0 += 1 }
            gate?.pass()
            return try ButtonRenderer.shared().render(spec, format: format, scale: scale)
        }
    }
}

extension ImageURLPolicy {
    /// Every valid spelling served as it is (`--canonical off`): for tests of what the
    /// image routes do with any spelling; the default redirects (CanonicalURLTests).
    static let everySpelling = try! ImageURLPolicy(canonical: .off)
}

/// Runs `body` with the port of a live server that `make` builds (handed the hook that
/// learns the port), then shuts the server down gracefully.
func withLiveServer<App: ApplicationProtocol>(
    _ make: (@escaping @Sendable (any Channel) async -> Void) -> App,
    _ body: @escaping @Sendable (Int) async throws -> Void
) async throws {
    let port = PortBox()
    try await withLiveServer(make { port.set($0.localAddress?.port) }, port: port, body)
}

/// The same for an app made to set `port` once it listens.
func withLiveServer(
    _ app: some ApplicationProtocol, port: PortBox,
    _ body: @escaping @Sendable (Int) async throws -> Void
) async throws {
    let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        try await waitUntil { port.value != nil }
        try await body(port.value!)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

enum TestApp {
    /// - Parameter backend: replaces `renderer`'s (e.g. a real one with title overrides).
    static func make(
        renderer: TestRenderer = TestRenderer(), backend: RenderBackend? = nil, workers: Int = 2, queueDepth: Int = 8,
        cacheMB: Int = 8, publicDirectory: String = "public", templatesDirectory: String? = nil,
        idleTimeoutSeconds: Int = 30, writeTimeoutSeconds: Int = 30, outputBudgetMB: Int = 32,
        stallSeconds: Int = 20, maxConnections: Int = 64, exportLimits: ExportLimits = ExportLimits(),
        urls: ImageURLPolicy = .standard, pipelineLimit: Int = PipelineLimitHandler.defaultLimit, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    )
        -> some ApplicationProtocol
    {
        let logger =
            logger
            ?? {
                var logger = Logger(label: "siwa-buttons-tests")
                logger.logLevel = .warning
                return logger
            }()
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, cacheMB: cacheMB, workers: workers,
            queueDepth: queueDepth, publicDirectory: publicDirectory,
            templatesDirectory: templatesDirectory,
            idleTimeoutSeconds: idleTimeoutSeconds,
            writeTimeoutSeconds: writeTimeoutSeconds, outputBudgetMB: outputBudgetMB,
            stallSeconds: stallSeconds, maxConnections: maxConnections,
            export: exportLimits)
        configuration.urls = urls
        configuration.pipelineLimit = pipelineLimit
        return buildApplication(
            configuration: configuration, backend: backend ?? renderer.backend, logger: logger,
            metrics: metrics, onServerRunning: onServerRunning)
    }

    /// The executable's Prometheus backend, bootstrapped once for the whole test process
    /// (swift-metrics allows one): every app of the tests exposes the same registry.
    static let metrics = PrometheusMetrics.bootstrap()
}

/// What `ButtonRenderer.render` gives for a request target, the reference for response bodies.
func expectedBytes(_ target: String) throws -> [UInt8] {
    let request = try ButtonRequest.parse(target)
    return try ButtonRenderer.shared().render(request.spec, format: request.format ?? .png, scale: Double(request.scale))
}

/// The message the parser gives for an invalid target (the body of the 404).
func parserMessage(_ target: String) -> String? {
    do {
        _ = try ButtonRequest.parse(target)
        return nil
    } catch {
        return error.description
    }
}

extension TestResponse {
    var bytes: [UInt8] { Array(buffer: body) }
    var text: String { String(buffer: body) }

    /// The `/api/` routes' refusal, `{"error": {"parameter", "reason", "message"}}`, read
    /// strictly: exactly those keys, `parameter` present (null or a string), the rest strings.
    var apiError: APIError? {
        guard headers[.contentType] == "application/json; charset=utf-8",
            let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], root.count == 1,
            let error = root["error"] as? [String: Any], Set(error.keys) == ["parameter", "reason", "message"],
            let reason = error["reason"] as? String, let message = error["message"] as? String
        else { return nil }
        switch error["parameter"] {
        case let name as String: return APIError(parameter: name, reason: reason, message: message)
        case is NSNull: return APIError(parameter: nil, reason: reason, message: message)
        default: return nil
        }
    }
}

struct APIError: Equatable, CustomStringConvertible {
    var parameter: String?
    var reason: String
    var message: String

    var description: String { "parameter \(parameter ?? "null"): \(message) (\(reason))" }
}

extension APIError {
    /// A refusal of the request as a whole: no parameter, the reason is the message.
    init(refusing message: String) { self.init(parameter: nil, reason: message, message: message) }
}

/// Polls `condition` until it holds (the state it waits for is reached by other threads).
func waitUntil(timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimeout() }
        try await Task.sleep(for: .milliseconds(5))
    }
}

struct WaitTimeout: Error {}
