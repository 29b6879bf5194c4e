import Testing
@testable import SIWAModel

@Suite("Request parsing")
struct RequestParsingTests {
    @Test("Defaults are Apple's")
    func defaults() throws {
        let request = try ButtonRequest.parse("/appleid/button")
        #expect(request.scale == 1 && request.format == nil && request.version == nil)
        let center = request.spec
        #expect(center.mode == .center)
        #expect(center.color == .black && !center.border && center.type == .signIn)
        #expect(center.width == 140 && center.height == 30 && center.borderRadius == 15)
        #expect(center.locale.code == "en_US")
        let left = try ButtonRequest.parse("/appleid/button/left").spec
        #expect(left.mode == .left && left.logoSize == .small && left.logoPosition == 0 && left.labelPosition == 0)
        let logo = try ButtonRequest.parse("/appleid/button/logo").spec
        #expect(logo.mode == .logo && logo.width == 30 && logo.height == 30)
    }

    @Test("Every parameter is read")
    func everyParameter() throws {
        let request = try ButtonRequest.parse(
            "/appleid/button/left?color=white&border=true&type=sign-up&border_radius=50&width=375&height=64&scale=6"
                + "&locale=ar_SA&label-position=182&logo-position=20&logo-size=large&format=svg")
        #expect(request.format == .svg && request.scale == 6)
        let s = request.spec
        #expect(s.color == .white && s.border && s.type == .signUp && s.borderRadius == 50)
        #expect(s.width == 375 && s.height == 64 && s.locale.code == "ar_SA")
        #expect(s.labelPosition == 182 && s.logoPosition == 20 && s.logoSize == .large)
        let logo = try ButtonRequest.parse("/appleid/button/logo?size=44&color=white&border=true&border_radius=50&scale=2")
        #expect(logo.spec.width == 44 && logo.spec.height == 44 && logo.scale == 2 && logo.spec.border)
    }

    @Test("scale is the request's, not the button's: the same spec at every scale, one target per scale")
    func scaleLeavesTheSpec() throws {
        let requests = try (1...6).map { try ButtonRequest.parse("/appleid/button?width=200&scale=\($0)&locale=de_DE") }
        #expect(Set(requests.map(\.spec)).count == 1)
        #expect(requests.map(\.scale) == Array(1...6))
        #expect(requests[0].canonicalTarget == "/appleid/button?width=200&locale=de_DE")
        #expect(requests[1].canonicalTarget == "/appleid/button?width=200&scale=2&locale=de_DE")
        #expect(Set(requests.map(\.canonicalTarget)).count == 6)
    }

    @Test(
        "Bounds are inclusive",
        arguments: [
            ("width", 130, 375), ("height", 30, 64), ("border_radius", 0, 50), ("scale", 1, 6),
            ("label-position", 0, 182), ("logo-position", 0, 182),
        ])
    func bounds(name: String, low: Int, high: Int) throws {
        for ok in [low, high] {
            #expect(throws: Never.self) { try ButtonRequest.parse("/appleid/button/left?\(name)=\(ok)") }
        }
        for bad in [low - 1, high + 1] where bad >= 0 {
            #expect(throws: RequestError.self) { try ButtonRequest.parse("/appleid/button/left?\(name)=\(bad)") }
        }
    }

    @Test("Logo size bounds")
    func logoSizeBounds() throws {
        #expect(try ButtonRequest.parse("/appleid/button/logo?size=64").spec.width == 64)
        #expect(throws: RequestError.self) { try ButtonRequest.parse("/appleid/button/logo?size=29") }
        #expect(throws: RequestError.self) { try ButtonRequest.parse("/appleid/button/logo?size=65") }
    }

    @Test("v= (cache busting) is parsed on every endpoint, kept apart from the button; a bad or repeated one is refused")
    func cacheBusting() throws {
        for path in ["/appleid/button", "/appleid/button/left", "/appleid/button/logo"] {
            let plain = try ButtonRequest.parse(path + "?scale=2")
            let versioned = try ButtonRequest.parse(path + "?scale=2&v=2026-11.b_2~x")
            #expect(versioned.spec == plain.spec && versioned.format == plain.format)
            #expect(versioned.version == "2026-11.b_2~x" && plain.version == nil)
            #expect(versioned.scale == 2 && plain.scale == 2)
            var unversioned = versioned
            unversioned.version = nil
            #expect(try ButtonRequest.parse(path + "?v=1&scale=2").canonicalTarget == plain.canonicalTarget + "&v=1")
            #expect(unversioned.canonicalTarget == plain.canonicalTarget)
        }
        #expect(throws: RequestError.duplicateParameter("v")) { try ButtonRequest.parse("/appleid/button?v=1&v=2") }
        for bad in ["", "a%20b", "%3Cx%3E", String(repeating: "a", count: 33)] {
            #expect(throws: RequestError.self) { try ButtonRequest.parse("/appleid/button?v=\(bad)") }
        }
        // Every other unknown parameter is still refused, and the message lists v.
        #expect { try ButtonRequest.parse("/appleid/button?ver=1") } throws: { error in
            "\(error)".contains("format, v")
        }
    }

    @Test("All 37 locales are accepted")
    func locales() throws {
        #expect(ButtonLocale.all.count == 37)
        for locale in ButtonLocale.all {
            #expect(try ButtonRequest.parse("/appleid/button?locale=\(locale.code)").spec.locale == locale)
        }
    }

    @Test(
        "Bad input is rejected with a message naming the parameter",
        arguments: [
            ("/appleid/button?width=abc", "Invalid value 'abc' for parameter 'width': expected an integer from 130 to 375."),
            ("/appleid/button?width=200.5", "Invalid value '200.5' for parameter 'width'"),
            ("/appleid/button?width=%2B200", "Invalid value '+200' for parameter 'width'"),
            ("/appleid/button?width=", "Invalid value '' for parameter 'width'"),
            ("/appleid/button?width=0200", "Invalid value '0200' for parameter 'width'"),
            ("/appleid/button?border_radius=00", "Invalid value '00' for parameter 'border_radius'"),
            // Values from the request stay one short line: control characters escaped, cut at 40.
            ("/appleid/button?width=200%0D%0AX-Injected:%201", "Invalid value '200\\r\\nX-Injected: 1' for parameter 'width'"),
            (
                "/appleid/button?color=" + String(repeating: "a", count: 500),
                "Invalid value '" + String(repeating: "a", count: 40) + "…' for parameter 'color'"
            ),
            ("/appleid/button?c%00=1", "Unknown parameter 'c\\0' for /appleid/button"),
            ("/appleid/button?height=65", "Invalid value '65' for parameter 'height': expected an integer from 30 to 64."),
            ("/appleid/button?color=red", "Invalid value 'red' for parameter 'color': expected 'black' or 'white'."),
            ("/appleid/button?color=Black", "Invalid value 'Black' for parameter 'color'"),
            ("/appleid/button?border=yes", "Invalid value 'yes' for parameter 'border': expected 'true' or 'false'."),
            (
                "/appleid/button?type=sign-out",
                "Invalid value 'sign-out' for parameter 'type': expected 'sign-in', 'continue' or 'sign-up'."
            ),
            ("/appleid/button?locale=en-US", "Invalid value 'en-US' for parameter 'locale': expected one of ar_SA,"),
            (
                "/appleid/button/left?logo-size=huge",
                "Invalid value 'huge' for parameter 'logo-size': expected 'small', 'medium' or 'large'."
            ),
            ("/appleid/button?format=gif", "Invalid value 'gif' for parameter 'format'"),
            ("/appleid/button?colour=black", "Unknown parameter 'colour' for /appleid/button: allowed parameters are color, border,"),
            ("/appleid/button?size=40", "Unknown parameter 'size' for /appleid/button"),
            ("/appleid/button?logo-size=large", "Unknown parameter 'logo-size' for /appleid/button"),
            ("/appleid/button/logo?width=200", "Unknown parameter 'width' for /appleid/button/logo"),
            ("/appleid/button?width=200&width=210", "Parameter 'width' is given more than once."),
            ("/appleid/button?border", "Malformed query: 'border' has no '=value'."),
            ("/appleid/button?=black", "Malformed query: a parameter has no name."),
            ("/appleid/button?color=%ZZ", "Malformed query: bad percent-encoding"),
            ("/appleid/buttons", "Unknown endpoint '/appleid/buttons'"),
            ("/", "Unknown endpoint '/'"),
        ])
    func rejected(target: String, message: String) {
        do {
            _ = try ButtonRequest.parse(target)
            Issue.record("\(target) was accepted")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("Overlong queries are refused")
    func overlong() {
        let long = "/appleid/button?" + Array(repeating: "width=200", count: 200).joined(separator: "&")
        #expect(throws: RequestError.malformed("the query is longer than 1024 bytes")) { try ButtonRequest.parse(long) }
    }

    @Test("Percent-encoding, full URLs and trailing slashes")
    func encodings() throws {
        #expect(try ButtonRequest.parse("/appleid/button?%63olor=%77hite").spec.color == .white)
        let url = "https://appleid.cdn-apple.com/appleid/button/?type=continue#frag"
        #expect(try ButtonRequest.parse(url).spec.type == .continue)
    }

    @Test("The canonical query round-trips and is the same for equal buttons")
    func canonical() throws {
        let a = try ButtonRequest.parse("/appleid/button?width=200&color=white")
        let b = try ButtonRequest.parse("/appleid/button?color=white&width=200&height=30&scale=1")
        #expect(a == b && a.canonicalTarget == b.canonicalTarget)
        #expect(a.canonicalTarget == "/appleid/button?color=white&width=200")
        for target in [
            "/appleid/button/left?logo-size=medium&locale=ko_KR", "/appleid/button/logo?size=49&border_radius=50",
            "/appleid/button", "/appleid/button/logo?color=black&size=30", "/appleid/button/left?scale=3&type=continue",
        ] {
            let request = try ButtonRequest.parse(target)
            #expect(try ButtonRequest.parse(request.canonicalTarget) == request)
        }
    }

    @Test(
        "One canonical target per image: Apple's order, defaults left out, then format (not png), then v",
        arguments: [
            ("/appleid/button", "/appleid/button"),
            ("/appleid/button/?", "/appleid/button"),
            ("/appleid/button?locale=en_US&scale=1&border=false&format=png", "/appleid/button"),
            ("/appleid/button?v=7&width=200&format=webp&color=white", "/appleid/button?color=white&width=200&format=webp&v=7"),
            ("/appleid/button/left?logo-size=medium&locale=ko_KR&label-position=0", "/appleid/button/left?locale=ko_KR&logo-size=medium"),
            ("/appleid/button/logo?size=44&border_radius=50&color=white", "/appleid/button/logo?color=white&border_radius=50&size=44"),
            ("/appleid/button/logo?size=30&format=svg", "/appleid/button/logo?format=svg"),
            ("/appleid/button?locale=de_DE&scale=2&width=200", "/appleid/button?width=200&scale=2&locale=de_DE"),
            ("/appleid/button/logo?scale=3&format=svg&size=44", "/appleid/button/logo?size=44&scale=3&format=svg"),
        ])
    func canonicalTarget(target: String, canonical: String) throws {
        let request = try ButtonRequest.parse(target)
        #expect(request.canonicalTarget == canonical)
        // The canonical target is its own canonical target, and draws the same image.
        let again = try ButtonRequest.parse(canonical)
        #expect(again.canonicalTarget == canonical)
        #expect(
            again.spec == request.spec && again.scale == request.scale && (again.format ?? .png) == (request.format ?? .png)
                && again.version == request.version)
    }

    @Test("Every spelling of a button (order, defaults spelled or not) has the same canonical target")
    func spellings() throws {
        let names = [
            "color=white", "border=false", "type=continue", "border_radius=15", "width=200", "height=44",
            "scale=1", "locale=en_US",
        ]
        var generator = SystemRandomNumberGenerator()
        var targets = Set<String>()
        for _ in 0..<200 {
            let kept = names.filter {
                ["color=white", "type=continue", "width=200", "height=44"].contains($0) || Bool.random(using: &generator)
            }
            targets.insert(
                try ButtonRequest.parse("/appleid/button?" + kept.shuffled(using: &generator).joined(separator: "&")).canonicalTarget)
        }
        #expect(targets == ["/appleid/button?color=white&type=continue&width=200&height=44"])
    }
}
