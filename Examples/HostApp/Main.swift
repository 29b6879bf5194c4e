import Hummingbird
import Foundation
import Logging
import SIWAButtons

/// `swift run HostApp [port]`, then open http://127.0.0.1:8081/buttons/.
@main
enum HostAppMain {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8081
        let logger = Logger(label: "host-app")
        let app = try buildHostApp(
            port: port, editorFolder: ResourceDirectory.find("public", environmentVariable: "SIWA_PUBLIC_DIR").path,
            logger: logger)
        try await app.runService()
    }
}
