import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAServer

@Suite struct ImageEndpointTests {
    @Test(
        "Each endpoint with no query answers Apple's default button",
        arguments: [
            ("/appleid/button", 140, 30), ("/appleid/button/left", 140, 30), ("/appleid/button/logo", 30, 30),
        ])
    func defaults(path: String, width: Int, height: Int) async throws {
        let expected = try expectedBytes(path)
        try await TestApp.make().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                let size = try #require(pngSize(response.bytes))
                #expect(size.width == width && size.height == height)
                #expect(response.bytes == expected)
            }
        }
    }

    @Test(
        "Every endpoint in every format matches ButtonRenderer.render byte for byte",
        arguments: [
            "/appleid/button?color=white&border=true&width=200&height=32&scale=2",
            "/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260",
            "/appleid/button/logo?size=44&color=black&border_radius=50",
        ],
        OutputFormat.allCases)
    func formats(target: String, format: OutputFormat) async throws {
        // The canonical spelling (format=png left out), which the service serves as it is.
        let uri = try ButtonRequest.parse(target + "&format=\(format.rawValue)").canonicalTarget
        let expected = try expectedBytes(uri)
        try await TestApp.make().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == format.mediaType)
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                // Made to be embedded by any site; an SVG opened by itself may run nothing.
                #expect(response.headers[.crossOriginResourcePolicy] == "cross-origin")
                #expect(
                    response.headers[.contentSecurityPolicy]
                        == (format == .svg ? SecurityHeaders.svgContentSecurityPolicy : nil))
                let body = response.bytes
                #expect(body == expected)
                switch format {
                case .png: #expect(pngSize(body) != nil)
                case .webp: #expect(body.starts(with: Array("RIFF".utf8)) && Array(body[8..<16]) == Array("WEBPVP8L".utf8))
                case .svg: #expect(response.text.contains("<svg"))
                case .pdf: #expect(response.text.hasPrefix("%PDF-"))
                case .vectorDrawable: #expect(response.text.contains("<vector xmlns:android="))
                }
            }
        }
    }

    @Test("The issue's example: white bordered 200x32 at scale 2 is a 400x64 PNG")
    func issueExample() async throws {
        let uri = "/appleid/button?color=white&border=true&width=200&height=32&scale=2"
        let expected = try expectedBytes(uri)
        try await TestApp.make().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                let size = try #require(pngSize(response.bytes))
                #expect(size.width == 400 && size.height == 64)
                #expect(response.bytes == expected)
            }
        }
    }

    @Test("format=png is the default: same bytes and ETag with or without it (canonical off)")
    func pngIsDefault() async throws {
        try await TestApp.make(urls: .everySpelling).test(.router) { client in
            let plain = try await client.execute(uri: "/appleid/button?width=200", method: .get)
            let explicit = try await client.execute(uri: "/appleid/button?width=200&format=png", method: .get)
            #expect(plain.bytes == explicit.bytes)
            #expect(plain.headers[.eTag] == explicit.headers[.eTag])
        }
    }

    @Test("HEAD answers GET's status and headers, Content-Length included, with no body")
    func head() async throws {
        let uri = "/appleid/button/left?width=260&height=44&format=svg"
        try await TestApp.make().test(.router) { client in
            let get = try await client.execute(uri: uri, method: .get)
            let head = try await client.execute(uri: uri, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            for name in [HTTPField.Name.contentType, .eTag, .cacheControl, .accessControlAllowOrigin] {
                #expect(head.headers[name] != nil)
                #expect(head.headers[name] == get.headers[name])
            }
        }
    }

    @Test("A repeated request is served from the cache without rendering again")
    func cacheHit() async throws {
        let renderer = TestRenderer()
        // Another spelling of the same button, served as it is (canonical off), shares the entry.
        try await TestApp.make(renderer: renderer, urls: .everySpelling).test(.router) { client in
            let first = try await client.execute(uri: "/appleid/button?width=222", method: .get)
            let second = try await client.execute(uri: "/appleid/button?height=30&width=222&color=black", method: .get)
            #expect(first.status == .ok && second.status == .ok)
            #expect(first.bytes == second.bytes)
            #expect(renderer.renderCount == 1)
        }
    }

    @Test("With the cache disabled every request renders")
    func cacheDisabled() async throws {
        let renderer = TestRenderer()
        try await TestApp.make(renderer: renderer, cacheMB: 0).test(.router) { client in
            for _ in 0..<2 {
                let response = try await client.execute(uri: "/appleid/button?width=223", method: .get)
                #expect(response.status == .ok)
            }
            #expect(renderer.renderCount == 2)
        }
    }

    @Test("A trailing slash is the same endpoint, as for the parser (canonical off; else redirected)")
    func trailingSlash() async throws {
        let expected = try expectedBytes("/appleid/button/logo?size=40")
        try await TestApp.make(urls: .everySpelling).test(.router) { client in
            let response = try await client.execute(uri: "/appleid/button/logo/?size=40", method: .get)
            #expect(response.status == .ok)
            #expect(response.bytes == expected)
        }
    }
}
