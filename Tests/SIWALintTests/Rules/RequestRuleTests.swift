import SIWAButtons
import Testing
@testable import SIWALint

/// Each rule a request can break: a request that passes it and one that breaks it.
@Suite("Rules on requests")
struct RequestRuleTests {
    private func ids(
        _ target: String, background: String? = nil, beside: String? = nil, margin: String? = nil,
        titles: TitleTable = .standard
    ) throws -> [String] {
        try LintTestSupport.requestIDs(
            target, LintContext.parse(background: background, beside: beside, margin: margin),
            titles: titles)
    }

    @Test("Apple's defaults and the editor's default button break no rule")
    func clean() throws {
        #expect(try ids("/appleid/button") == [])
        #expect(try ids("/appleid/button?width=250&height=44&scale=2") == [])
        #expect(try ids("/appleid/button/left?width=250&height=44&type=continue") == [])
        #expect(try ids("/appleid/button/logo?size=44&border_radius=50") == [])
    }

    @Test("min-width: 140 pt passes, 130 pt (accepted by Apple's service) fails")
    func minimumWidth() throws {
        #expect(try ids("/appleid/button?width=140") == [])
        #expect(try ids("/appleid/button?width=130&height=30") == ["min-width"])
        #expect(try ids("/appleid/button/left?width=139") == ["min-width"])
    }

    @Test("title-wording: Apple's title and its all-caps form pass; other words or capitals fail")
    func titleWording() throws {
        let caps = try TitleTable(overrides: ["en_US": ["sign-in": "SIGN IN WITH APPLE"]])
        #expect(try ids("/appleid/button?width=250&height=44", titles: caps) == [])
        let other = try TitleTable(overrides: ["en_US": ["sign-in": "Login with Apple"]])
        #expect(try ids("/appleid/button?width=250&height=44", titles: other) == ["title-wording"])
        let capitals = try TitleTable(overrides: ["en_US": ["sign-in": "Sign In With Apple"]])
        #expect(try ids("/appleid/button?width=250&height=44", titles: capitals) == ["title-wording"])
        // Only the title drawn counts: another type keeps Apple's words.
        #expect(try ids("/appleid/button?width=250&height=44&type=continue", titles: other) == [])
    }

    @Test("background-contrast: black on a light page passes; black on a dark page and white on a white page fail")
    func backgroundContrast() throws {
        #expect(try ids("/appleid/button", background: "#ffffff") == [])
        #expect(try ids("/appleid/button?color=white", background: "#ffffff,#000000") == ["background-contrast"])
        #expect(try ids("/appleid/button", background: "#f5f5f7,#1c1c1e") == ["background-contrast"])
        #expect(try ids("/appleid/button", background: "black") == ["background-contrast"])
        #expect(try ids("/appleid/button?color=white", background: "#000,#1c1c1e") == [])
    }

    @Test("outline-on-dark: the outline style on white passes; on a dark or saturated page it is a warning")
    func outlineOnDark() throws {
        let outline = "/appleid/button?color=white&border=true"
        #expect(try ids(outline, background: "#ffffff") == [])
        #expect(try ids(outline, background: "#ffffff,#000000") == ["outline-on-dark"])
        #expect(try ids(outline, background: "#ff2d55") == ["outline-on-dark"])
        let report = LintReport(subject: "x", findings: [LintFinding(OutlineOnDark.rule, "x")], context: LintContext())
        #expect(report.errors == 0 && report.warnings == 1)
    }

    @Test("clear-space: a tenth of the height passes, less fails")
    func clearSpace() throws {
        #expect(try ids("/appleid/button?height=44&width=250", margin: "4.4") == [])
        #expect(try ids("/appleid/button?height=44&width=250", margin: "4") == ["clear-space"])
    }

    @Test("title-size: a title at 43% passes; one squeezed by a narrow, tall button is a warning")
    func titleSize() throws {
        #expect(try ids("/appleid/button?width=250&height=44") == [])
        #expect(try ids("/appleid/button?width=140&height=64") == ["title-size"])
        #expect(try ids("/appleid/button/left?width=140&height=64") == ["title-size"])
    }

    @Test("prominence: not smaller than the other providers' buttons")
    func prominence() throws {
        #expect(try ids("/appleid/button?width=250&height=44", beside: "250x44,200x40") == [])
        #expect(try ids("/appleid/button?width=200&height=44", beside: "250x44") == ["prominence"])
        #expect(try ids("/appleid/button?width=250&height=40", beside: "250x44") == ["prominence"])
    }

    @Test("Recommendations: white on dark pages, black or outline on light ones")
    func recommendations() throws {
        let context = try LintContext.parse(background: "#ffffff,#000000", beside: nil, margin: nil)
        let report = LintReport(subject: "x", findings: [], context: context)
        #expect(report.recommendations[.light] == [.black, .whiteOutline])
        #expect(report.recommendations[.dark] == [.white])
        #expect(report.text.contains("dark mode: Apple recommends white"))
    }

    @Test("Context options that cannot be read are one-line errors")
    func badContext() {
        // The option each refusal names: the CLI says it as the flag, the API as the parameter.
        for (background, beside, margin, option) in [
            ("#12", nil, nil, "background"), ("red", nil, nil, "background"),
            ("#fff,#000,#111", nil, nil, "background"), (nil, "200by44", nil, "beside"),
            (nil, nil, "-1", "margin"),
        ] as [(String?, String?, String?, String)] {
            #expect { try LintContext.parse(background: background, beside: beside, margin: margin) } throws: { error in
                let error = error as? RequestError
                return error?.kind == .invalidValue && error?.parameter == option
                    && error?.message.contains("parameter '\(option)'") == true
            }
        }
        #expect(PageColor(parsing: "#FfF") == .white && PageColor(parsing: "000000") == .black)
    }
}
