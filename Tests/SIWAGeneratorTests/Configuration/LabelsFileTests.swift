import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

@Suite struct LabelsFileTests {
    static let example = """
        # Corrections after our own review
        de_DE:
          sign-in: Anmelden mit Apple
        ca_ES:
          continue: "Continueu amb Apple"
        """

    @Test("Parses the example") func parsesTheExample() throws {
        let file = try LabelsFile.parse(Self.example, fileName: "labels.yml")
        let de = ButtonLocale(code: "de_DE")!, ca = ButtonLocale(code: "ca_ES")!
        #expect(file.titles.title(.signIn, in: de) == "Anmelden mit Apple")
        #expect(file.titles.title(.continue, in: ca) == "Continueu amb Apple")
        #expect(file.titles.title(.signUp, in: de) == de.title(.signUp))
        #expect(file.titles.entries.count == 2)
        #expect(file.location(of: de, .signIn) == "labels.yml:3:12")
        #expect(file.location(of: ca, .continue) == "labels.yml:5:13")
        #expect(file.location(of: de, .signUp) == nil)
    }

    @Test("Empty file changes nothing") func emptyFileChangesNothing() throws {
        #expect(try LabelsFile.parse("", fileName: "l.yml").titles.isStandard)
        #expect(try LabelsFile.parse("# nothing yet\n", fileName: "l.yml").titles.isStandard)
    }

    @Test(
        "Every refusal is one line naming the file (line, column), locale.type and what is wrong",
        arguments: [
            ("- de_DE\n", "l.yml:1:1: (top level): must be a mapping of locales to titles, e.g. 'de_DE: {sign-in: ...}'"),
            ("de_DE: Mit Apple\n", "l.yml:1:8: de_DE: must be a mapping of types to titles, e.g. 'sign-in: ...'"),
            ("de_DE:\n", "l.yml:1:7: de_DE: must be a mapping of types to titles, e.g. 'sign-in: ...'"),
            ("de-DE:\n  sign-in: x\n", "l.yml:1:1: de-DE: unknown locale: expected one of Apple's 37 locale codes, e.g. en_US"),
            ("en_us:\n  sign-in: x\n", "l.yml:1:1: en_us: unknown locale: expected one of Apple's 37 locale codes, e.g. en_US"),
            ("de_DE:\n  signin: x\n", "l.yml:2:3: de_DE.signin: unknown type: expected sign-in, continue or sign-up"),
            ("de_DE:\n  sign-in:\n", "l.yml:2:11: de_DE.sign-in: title is empty"),
            ("de_DE:\n  sign-in: ''\n", "l.yml:2:12: de_DE.sign-in: title is empty"),
            ("de_DE:\n  sign-in: [a, b]\n", "l.yml:2:12: de_DE.sign-in: must be one line of text"),
            ("de_DE:\n  sign-in: |\n    Mit Apple\n", "l.yml:2:12: de_DE.sign-in: title must be one line: it has a line break (U+000A)"),
            ("de_DE:\n  sign-in: \"Mit\\tApple\"\n", "l.yml:2:12: de_DE.sign-in: title has a control character (U+0009)"),
            ("de_DE:\n  sign-in: \" Mit Apple\"\n", "l.yml:2:12: de_DE.sign-in: title starts or ends with a space"),
            (
                "de_DE:\n  sign-in: \(String(repeating: "x", count: 70))\n",
                "l.yml:2:12: de_DE.sign-in: title is 70 characters long: at most 64"
            ),
            (
                "de_DE:\n  sign-in: a\nde_DE:\n  sign-up: b\n",
                "l.yml: YAML: Parser: expected all keys to be unique but found the following duplicated key(s): 'de_DE'."
            ),
            (
                "de_DE:\n  sign-in: a\n  sign-in: b\n",
                "l.yml: YAML: Parser: expected all keys to be unique but found the following duplicated key(s): 'sign-in'."
            ),
        ])
    func refused(yaml: String, message: String) {
        do {
            _ = try LabelsFile.parse(yaml, fileName: "l.yml")
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("Syntax error is one line") func syntaxErrorIsOneLine() {
        do {
            _ = try LabelsFile.parse("de_DE:\n  sign-in: [unclosed\n", fileName: "l.yml")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("l.yml: YAML: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("Unreadable files") func unreadableFiles() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("none.yml").path
        #expect(throws: ConfigurationError(field: "--labels", "no file '\(missing)'")) { try LabelsFile.load(missing) }
        #expect(throws: ConfigurationError(field: "--labels", "'\(folder.url.path)' is a folder, not a file")) {
            try LabelsFile.load(folder.url.path)
        }
        let latin1 = folder.url.appendingPathComponent("latin1.yml")
        try Data([0x64, 0x65, 0x5F, 0x44, 0x45, 0x3A, 0x20, 0xE4, 0x0A]).write(to: latin1)
        #expect(throws: ConfigurationError(field: "--labels", "cannot read '\(latin1.path)' as UTF-8 text")) {
            try LabelsFile.load(latin1.path)
        }
        let good = folder.url.appendingPathComponent("labels.yml")
        try Data(Self.example.utf8).write(to: good)
        let file = try LabelsFile.load(good.path)
        #expect(file.location(of: ButtonLocale(code: "de_DE")!, .signIn) == "\(good.path):3:12")
    }

    /// generate: images, manifest, gallery and snippets all name the replaced title.
    @Test("Generate uses the overrides") func generateUsesTheOverrides() throws {
        let folder = try TemporaryFolder()
        var config = GeneratorConfiguration()
        config.modes = [.center, .logo]
        config.types = [.signIn]
        config.styles = [.black]
        config.locales = [ButtonLocale(code: "de_DE")!]
        config.scales = [1]
        config.formats = [.png, .svg]
        config.web.clientId = "com.example.web"
        config.web.redirectURI = "https://example.com/auth/apple"
        let titles = try TitleTable(overrides: [
            "de_DE": ["sign-in": "Anmelden mit Apple"],
            "en_US": ["sign-in": "Sign on with Apple"],
        ])
        let renderer = try ButtonRenderer.shared().with(titles: titles)
        let generator = Generator(configuration: config, renderer: renderer, templates: try TemplateSet.load())
        let manifest = try generator.generate(into: folder.url).manifest

        let svg = try #require(manifest.files.first { $0.path == "center/sign-in/black/de_DE/button.svg" })
        #expect(svg.title == "Anmelden mit Apple")
        #expect(String(decoding: folder.bytes(svg.path), as: UTF8.self).contains("<title>Anmelden mit Apple</title>"))
        #expect(manifest.files.filter { $0.mode == "logo" }.allSatisfy { $0.title == "Sign on with Apple" })
        let json = String(decoding: folder.bytes("manifest.json"), as: UTF8.self)
        #expect(json.contains(#""title" : "Anmelden mit Apple""#) && !json.contains(#""title" : "Mit Apple anmelden""#))
        // Apple's wording is named only by the finding that the replaced title is not it.
        #expect(svg.findings?.map(\.id) == ["title-wording"])
        #expect(
            json.components(separatedBy: "Mit Apple anmelden").count - 1
                == manifest.files.filter { $0.path.contains("de_DE") }.count)

        let png = try #require(manifest.files.first { $0.path == "center/sign-in/black/de_DE/button@1x.png" })
        let standard = try ButtonRenderer.shared().render(try ButtonRequest.parse(png.endpoint).spec, format: .png, scale: 1)
        #expect(folder.bytes(png.path) != standard)

        let gallery = String(decoding: folder.bytes("index.html"), as: UTF8.self)
        #expect(gallery.contains(#"alt="Anmelden mit Apple" lang="de-DE""#))
        #expect(gallery.contains(#"alt="Sign on with Apple""#))
        #expect(!gallery.contains(#"alt="Mit Apple anmelden""#))
        #expect(
            gallery.contains(
                "error · title-wording</span> Title: the de_DE sign-in title &#39;Anmelden mit Apple&#39; is not Apple&#39;s wording"))
        let noJS = String(decoding: folder.bytes("snippet-nojs.html"), as: UTF8.self)
        #expect(noJS.contains(#"alt="Anmelden mit Apple" lang="de-DE""#))
    }

    @Test("Manifest title without overrides") func manifestTitleWithoutOverrides() throws {
        let folder = try TemporaryFolder()
        var config = GeneratorConfiguration()
        config.modes = [.left]
        config.types = [.continue]
        config.styles = [.white]
        config.locales = [ButtonLocale(code: "ar_SA")!]
        config.scales = [1]
        config.formats = [.png]
        let manifest = try generator(config).generate(into: folder.url).manifest
        #expect(manifest.files.map(\.title) == [ButtonLocale(code: "ar_SA")!.title(.continue)])
    }
}
