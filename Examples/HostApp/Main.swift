import Hummingbird
import Logging
import SIWAButtons

/// `swift run HostApp [port]`, then open http://127.0.0.1:8081/buttons/.
@main
enum HostAppMain {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8081
        let logger = Logger(label: "host-app")
        // The editor from the package's own resources (public/), as any dependent app has it.
        let app = try buildHostApp(port: port, logger: logger)
        try await app.runService()
    }
}
