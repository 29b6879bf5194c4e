import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import Testing
@testable import SIWAServer

@Suite struct BadRequestTests {
    /// One request per class of error the parser knows, on each endpoint where it applies.
    static let invalidTargets = [
        "/appleid/button/right",  // unknown endpoint
        "/appleid/buttons?color=white",  // unknown endpoint
        "/appleid",  // no endpoint at all
        "/appleid/",  // no endpoint at all
        "/appleid/button?colour=white",  // unknown parameter
        "/appleid/button/logo?width=200",  // parameter of another endpoint
        "/appleid/button?color=red",  // value not in the list
        "/appleid/button?width=100",  // integer out of range
        "/appleid/button/left?label-position=12.5",  // not an integer
        "/appleid/button?locale=en_ZZ",  // unknown locale
        "/appleid/button?border",  // no '=value'
        "/appleid/button?=white",  // no name
        "/appleid/button?color=white&color=black",  // duplicate
        "/appleid/button?color=%zz",  // bad percent-encoding
        "/appleid/button?color=%ff",  // not UTF-8
        "/appleid/button?format=gif",  // unknown format
        "/appleid/button/logo?size=65&format=svg",  // out of range with format
        "/appleid/button?type=" + String(repeating: "x", count: 1100),  // query over 1024 bytes
    ]

    @Test(
        "Invalid requests get 404 with the parser's one-line message, and never reach the renderer",
        arguments: invalidTargets)
    func notFoundWithMessage(target: String) async throws {
        let message = try #require(parserMessage(target))
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer).test(.router) { client in
            try await client.execute(uri: target, method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(response.text == message)
                #expect(response.headers[.eTag] == nil)
                #expect(response.headers[.cacheControl] == "no-store")
            }
            try await client.execute(uri: target, method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.contentLength] == String(message.utf8.count))
            }
        }
        #expect(renderer.renderCount == 0)
    }

    @Test("Messages name the parameter and the allowed values")
    func messageContent() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.execute(uri: "/appleid/button?color=red", method: .get)
            #expect(response.text.contains("'color'"))
            #expect(response.text.contains("'black' or 'white'"))
        }
    }

    @Test("A request target longer than the limit gets 414 before routing")
    func uriTooLong() async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer).test(.router) { client in
            let long = "/appleid/button?" + String(repeating: "a", count: 2100) + "=1"
            try await client.execute(uri: long, method: .get) { response in
                #expect(response.status == .uriTooLong)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
            let longPath = "/" + String(repeating: "p", count: 3000)
            let response = try await client.execute(uri: longPath, method: .get)
            #expect(response.status == .uriTooLong)
        }
        #expect(renderer.renderCount == 0)
    }

    @Test("Methods other than GET and HEAD do not render")
    func otherMethods() async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer).test(.router) { client in
            for method in [HTTPRequest.Method.post, .put, .delete] {
                let response = try await client.execute(uri: "/appleid/button", method: method)
                #expect(response.status == .notFound || response.status == .methodNotAllowed)
            }
        }
        #expect(renderer.renderCount == 0)
    }
}
