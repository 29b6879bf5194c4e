import Testing
@testable import SIWAServer

/// The public folder's media types by extension (`PublicFile.mediaType(forFileName:)`).
@Suite struct MediaTypeTests {
    @Test("The element's declarations are TypeScript, not opaque bytes; unknown extensions stay opaque")
    func typeScript() {
        #expect(PublicFile.mediaType(forFileName: "apple-signin-button.d.ts") == "application/typescript; charset=utf-8")
        #expect(PublicFile.mediaType(forFileName: "APPLE-SIGNIN-BUTTON.D.TS") == "application/typescript; charset=utf-8")
        #expect(PublicFile.mediaType(forFileName: "apple-signin-button.js") == "text/javascript; charset=utf-8")
        #expect(PublicFile.mediaType(forFileName: "data.dat") == "application/octet-stream")
    }
}
