import Testing
@testable import SIWAModel

@Suite struct OutputFormatTests {
    @Test("VectorDrawable: raw value, .xml, application/xml, chosen by a file name and by format=")
    func vectorDrawable() throws {
        #expect(OutputFormat(rawValue: "vectordrawable") == .vectorDrawable)
        #expect(OutputFormat.vectorDrawable.fileExtension == "xml")
        #expect(OutputFormat.vectorDrawable.mediaType == "application/xml")
        #expect(OutputFormat(fileName: "res/drawable/siwa_sign_in.xml") == .vectorDrawable)
        #expect(OutputFormat(fileName: "b.XML") == .vectorDrawable)
        #expect(OutputFormat(fileName: "b.vectordrawable") == nil, "the extension, not the name of the format")
        #expect(OutputFormat(fileName: "b.svg") == .svg && OutputFormat(fileName: "b.jpg") == nil)
        #expect(try ButtonRequest.parse("/appleid/button?format=vectordrawable").format == .vectorDrawable)
    }

    @Test(
        "Each format says what callers used to ask by name: PNG the default, WebP the <picture> source, SVG the scriptable document, the gallery's names"
    )
    func describesItself() {
        #expect(OutputFormat.default == .png)
        #expect(OutputFormat.allCases.filter(\.isPictureSource) == [.webp])
        #expect(OutputFormat.allCases.filter(\.isScriptable) == [.svg])
        #expect(OutputFormat.allCases.filter(\.isRaster) == [.png, .webp])
        #expect(OutputFormat.allCases.filter(\.isBrowserImage) == [.png, .webp, .svg])
        #expect(OutputFormat.pictureSources == [.webp])
        #expect(OutputFormat.allCases.map(\.displayName) == ["PNG", "WebP", "SVG", "PDF", "VectorDrawable"])
        #expect(
            OutputFormat.allCases.map(\.mediaType) == ["image/png", "image/webp", "image/svg+xml", "application/pdf", "application/xml"],
            "the snippets' <source type>")
        #expect(
            ButtonRequest(spec: ButtonSpec(), format: .default).canonicalTarget == ButtonRequest(spec: ButtonSpec()).canonicalTarget,
            "the default format is not written in a canonical URL")
    }
}
