import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SIWAServer

/// `ServiceEndpoint` is the one list of routes: each one is answered by the standalone
/// service and, but the operational ones, by `ButtonRoutes` mounted in a host app; the
/// docs' table and `serve --help` say the same.
@Suite struct ServiceEndpointTests {
    /// The export's example renders a whole set on GET: HEAD checks its query and route.
    static func method(_ endpoint: ServiceEndpoint) -> HTTPRequest.Method {
        endpoint == .export ? .head : .get
    }

    @Test("The standalone service answers every endpoint's example 200")
    func standalone() async throws {
        try await TestApp.make().test(.router) { client in
            for endpoint in ServiceEndpoint.allCases {
                let response = try await client.execute(uri: endpoint.example, method: Self.method(endpoint))
                #expect(response.status == .ok, "\(endpoint.example): \(response.status) \(response.text)")
            }
        }
    }

    @Test("ButtonRoutes under /buttons answers every endpoint but the operational ones, which stay the host's")
    func mounted() async throws {
        try await MountedRoutesTests.hostApp().test(.router) { client in
            for endpoint in ServiceEndpoint.allCases {
                let response = try await client.execute(uri: "/buttons" + endpoint.example, method: Self.method(endpoint))
                if endpoint.isOperational {
                    #expect(response.status == .notFound, "\(endpoint.path) mounted without being asked for")
                } else {
                    #expect(response.status == .ok, "/buttons\(endpoint.example): \(response.status) \(response.text)")
                }
            }
        }
    }

    @Test("docs/serve.md's Endpoints table lists exactly ServiceEndpoint, with its methods")
    func referenceTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let reference = try String(contentsOf: root.appendingPathComponent("docs/serve.md"), encoding: .utf8)
        let section = try #require(reference.components(separatedBy: "\n### Endpoints\n").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| request |") } ?? ""
        // "| `GET`/`HEAD /api/schema` | ..." -> "GET/HEAD /api/schema"; rows of public/ files start otherwise.
        let rows = table.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `GET") else { return nil }
            let first = line.dropFirst(2).components(separatedBy: "` | ").first ?? ""
            return
                first
                .replacingOccurrences(of: "`", with: "")
                .replacingOccurrences(of: "\\|", with: "|")
                .replacingOccurrences(of: "?…", with: "")
        }
        #expect(rows == ServiceEndpoint.allCases.map { "\($0.methods) \($0.path)" }, "\(rows)")
    }

    @Test("serve --help prints every endpoint, its summary below it, within 80 columns")
    func helpText() {
        let lines = ServiceEndpoint.helpText.split(separator: "\n")
        #expect(lines.count == 2 * ServiceEndpoint.allCases.count)
        for (index, endpoint) in ServiceEndpoint.allCases.enumerated() {
            #expect(lines[2 * index] == "  \(endpoint.methods) \(endpoint.path)")
            #expect(lines[2 * index + 1] == "      \(endpoint.summary)")
        }
        #expect(lines.allSatisfy { $0.count <= 80 })
    }
}
