import Testing
@testable import SIWAServer

@Suite struct RequestPathTests {
    @Test("Paths decode into segments; empty segments make a path non-canonical")
    func segments() throws {
        let root = try RequestPath("/")
        #expect(root.segments == [] && root.hasTrailingSlash && root.isCanonical)
        let file = try RequestPath("/js/editor.js")
        #expect(file.segments == ["js", "editor.js"] && !file.hasTrailingSlash && file.isCanonical)
        let spaced = try RequestPath("/a%20b/%C3%A9.txt")
        #expect(spaced.segments == ["a b", "é.txt"] && spaced.isCanonical)
        #expect(spaced.encoded(trailingSlash: false) == "/a%20b/%C3%A9.txt")
        for doubled in ["//js", "/js//", "//", "/a//b", "//evil.example/x"] {
            #expect(try !RequestPath(doubled).isCanonical, "\(doubled)")
        }
        // The canonical form of `//evil.example/x` stays on this host.
        #expect(try RequestPath("//evil.example/x").encoded(trailingSlash: true) == "/evil.example/x/")
        #expect(try RequestPath("//js").encoded(trailingSlash: true) == "/js/")
        #expect(try RequestPath("/a%2Fb").segments == ["a", "b"])  // an encoded slash separates too
        #expect(try RequestPath("/a..b/c.").segments == ["a..b", "c."])  // only whole `..` segments are refused
    }

    @Test(
        "Bad escapes, control characters and `..` segments are refused, raw or encoded",
        arguments: [
            ("/%zz", RequestPath.Problem.badPercentEncoding), ("/a%", .badPercentEncoding), ("/a%2", .badPercentEncoding),
            ("/%ff", .badPercentEncoding), ("/%C3", .badPercentEncoding),
            ("/index.html%00", .controlCharacter), ("/index.html%00.png", .controlCharacter),
            ("/a%0d%0aSet-Cookie:x", .controlCharacter), ("/a%7f", .controlCharacter), ("/a%09b", .controlCharacter),
            ("/..", .dotDotSegment), ("/js/../index.html", .dotDotSegment), ("/%2e%2e/x", .dotDotSegment),
            ("/%2E%2E", .dotDotSegment), ("/js/.%2e/x", .dotDotSegment), ("/..%2fetc/passwd", .dotDotSegment),
        ])
    func refused(path: String, problem: RequestPath.Problem) {
        #expect(throws: problem) { try RequestPath(path) }
    }
}
