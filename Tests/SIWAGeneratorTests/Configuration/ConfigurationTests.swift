import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

@Suite struct ConfigurationTests {
    private func load(_ yaml: String) throws -> GeneratorConfiguration {
        var config = GeneratorConfiguration()
        try ConfigurationFile.parse(yaml, fileName: "buttons.yml").apply(to: &config)
        return config
    }

    private func error(_ yaml: String) -> ConfigurationError? {
        do {
            _ = try load(yaml)
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    /// The readers pick setList or setValue by `isList` (no asking and matching the message).
    @Test("GeneratorField.isList: exactly the fields setList takes")
    func listFieldsAreThoseSetListTakes() {
        for field in GeneratorField.allCases {
            var overrides = ConfigurationOverrides()
            var takesList = true
            do {
                try overrides.setList(field, [ConfigurationItem("x", label: field.rawValue)])
            } catch {
                takesList = error.field != field.rawValue || error.message != "is not a list field"
                #expect(error.source == field, "\(field): \(error)")
            }
            #expect(takesList == field.isList, "\(field)")
        }
    }

    @Test("The defaults are the issue's useful set") func defaultsAreTheIssuesUsefulSet() {
        let config = GeneratorConfiguration()
        #expect(config.modes == [.center, .left, .logo])
        #expect(config.types == [.signIn, .continue, .signUp])
        #expect(config.styles == [.black, .white, .whiteOutline])
        #expect(config.locales == [ButtonLocale(code: "en_US")!])
        #expect(config.scales == [1, 2, 3])
        #expect(config.formats == [.png, .svg])
        #expect(config.sizes == [ButtonSize(width: 250, height: 44)])
    }

    @Test("Full file is read") func fullFileIsRead() throws {
        let config = try load(
            """
            modes: [center, logo]
            types: sign-in, continue
            styles:
              - white-outline
              - black
            locales: [de_DE, ar_SA]
            sizes:
              - 200x40
              - {width: 300, height: 56, radius: 50}
            scales: [2, 3]
            formats: [svg, pdf]
            client-id: com.example.web
            redirect-uri: https://example.com/auth/apple
            scope: email
            use-popup: true
            """)
        #expect(config.modes == [.center, .logo])
        #expect(config.types == [.signIn, .continue])
        #expect(config.styles == [.whiteOutline, .black])
        #expect(config.locales.map(\.code) == ["de_DE", "ar_SA"])
        #expect(config.sizes == [ButtonSize(width: 200, height: 40), ButtonSize(width: 300, height: 56, radius: 50)])
        #expect(config.scales == [2, 3])
        #expect(config.formats == [.svg, .pdf])
        #expect(config.web.clientId == "com.example.web")
        #expect(config.web.redirectURI == "https://example.com/auth/apple")
        #expect(config.web.scope == "email")
        #expect(config.web.usePopup)
    }

    @Test("locales: all expands to the 37, duplicates are dropped") func allLocalesAndDuplicates() throws {
        #expect(try load("locales: all").locales == ButtonLocale.all)
        #expect(try load("locales: all").locales.count == 37)
        #expect(try load("types: [continue, continue, sign-in]").types == [.continue, .signIn])
    }

    @Test("Empty file changes nothing") func emptyFileChangesNothing() throws {
        #expect(try load("") == GeneratorConfiguration())
        #expect(try load("# only a comment\n") == GeneratorConfiguration())
    }

    @Test("Unknown field is named with its line") func unknownFieldIsNamedWithItsLine() {
        let e = error("types: [sign-in]\ncolour: black\n")
        #expect(e?.field == "colour")
        #expect(e?.location == "buttons.yml:2:1")
        #expect(
            e?.description == "buttons.yml:2:1: colour: unknown field: expected one of "
                + GeneratorField.allCases.map(\.rawValue).joined(separator: ", "))
    }

    @Test("Bad values name their field") func badValuesNameTheirField() {
        #expect(error("styles: [black, gray]")?.field == "styles[1]")
        #expect(error("styles: [black, gray]")?.message.contains("'gray'") == true)
        #expect(error("types: [sign-on]")?.field == "types[0]")
        #expect(error("modes: center, middle")?.field == "modes")
        #expect(error("locales: [en_US, xx_XX]")?.field == "locales[1]")
        #expect(error("formats: [png, gif]")?.field == "formats[1]")
        #expect(error("scales: [1, 9]")?.field == "scales[1]")
        #expect(error("scales: [1, 9]")?.message == "Invalid value '9' for parameter 'scale': expected an integer from 1 to 6.")
        #expect(error("scales: [1, '2&width=9']")?.field == "scales[1]")
        #expect(error("sizes: [400x44]")?.message.contains("'width'") == true)
        #expect(error("sizes: [250x20]")?.message.contains("'height'") == true)
        #expect(error("sizes: [250x44r60]")?.message.contains("'border_radius'") == true)
        #expect(error("sizes: [250by44]")?.field == "sizes[0]")
        #expect(error("sizes: [{width: 250}]")?.field == "sizes[0].height")
        #expect(error("sizes: [{width: 250, height: 44, corner: 5}]")?.field == "sizes[0].corner")
        #expect(error("sizes: [{width: 250, height: big}]")?.field == "sizes[0].height")
        #expect(error("types: []")?.field == "types")
        #expect(error("types:")?.field == "types")
        #expect(error("use-popup: maybe")?.field == "use-popup")
        #expect(error("client-id: [a, b]")?.field == "client-id")
        #expect(error("scope: name openid")?.field == "scope")
        #expect(error("redirect-uri: http://example.com/cb")?.field == "redirect-uri")
        #expect(error("- just\n- a list")?.field == "(top level)")
        #expect(error("types: [sign-in")?.field == "YAML")
    }

    @Test("Location points at the value") func locationPointsAtTheValue() {
        let e = error("modes: [center]\nstyles:\n  - black\n  - grey\n")
        #expect(e?.location == "buttons.yml:4:5")
        #expect(e?.description.hasPrefix("buttons.yml:4:5: styles[1]: unknown style 'grey'") == true)
    }

    @Test("Flags win over the file") func flagsWinOverTheFile() throws {
        var config = GeneratorConfiguration()
        try ConfigurationFile.parse("types: [continue]\nscales: [1]\nuse-popup: true\n").apply(to: &config)
        var flags = ConfigurationOverrides()
        try flags.setList(.scales, ConfigurationOverrides.commaList("2, 3", flag: "--scales"))
        flags.usePopup = false
        flags.apply(to: &config)
        #expect(config.types == [.continue])
        #expect(config.scales == [2, 3])
        #expect(config.web.usePopup == false)
    }

    @Test("Flag errors name the flag") func flagErrorsNameTheFlag() {
        var flags = ConfigurationOverrides()
        #expect(
            throws: ConfigurationError(
                field: "--styles", "unknown style 'gray': expected 'black', 'white' or 'white-outline'", source: .styles)
        ) {
            try flags.setList(.styles, ConfigurationOverrides.commaList("black,gray", flag: "--styles"))
        }
        #expect(throws: ConfigurationError.self) {
            try flags.setValue(.redirectURI, "javascript:alert(1)", label: "--redirect-uri")
        }
        do {
            try flags.setValue(.redirectURI, "javascript:alert(1)", label: "--redirect-uri")
        } catch {
            #expect(error.field == "--redirect-uri")
        }
    }

    @Test("Sizes: WIDTHxHEIGHT with an optional rRADIUS, and nothing else") func sizeSyntax() throws {
        #expect(try ConfigurationValues.size("250x44").get() == ButtonSize(width: 250, height: 44))
        #expect(try ConfigurationValues.size("300X56r50").get() == ButtonSize(width: 300, height: 56, radius: 50))
        for bad in ["250x", "x44", "250x44r", "250x44r5r5", "-250x44", "250 x 44", "250x44x3", ""] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationValues.size(bad).get() }
        }
        #expect(ButtonSize(width: 300, height: 56, radius: 50).description == "300x56r50")
        #expect(ButtonSize(width: 300, height: 56).description == "300x56")
    }

    @Test("Relative templates folder is relative to the file") func relativeTemplatesFolderIsRelativeToTheFile() throws {
        let dir = try TemporaryFolder()
        let file = dir.url.appendingPathComponent("buttons.yml")
        try "templates: my-templates\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try ConfigurationFile.load(file.path).templates == dir.url.appendingPathComponent("my-templates").path)
    }
}
