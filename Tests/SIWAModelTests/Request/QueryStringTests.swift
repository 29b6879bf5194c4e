import Testing
@testable import SIWAModel

/// The one reader of query strings (every route and the CLI read theirs with it).
@Suite("Query strings")
struct QueryStringTests {
    typealias Item = QueryString.Item

    @Test("Pieces in order, both sides percent-decoded, '+' a space, empty pieces skipped")
    func reading() throws {
        let query = try QueryString("a=1&&b=x+y%2Bz&%63=&d=%E2%9C%93&")
        #expect(
            query.items == [
                Item(name: "a", value: "1"), Item(name: "b", value: "x y+z"), Item(name: "c", value: ""),
                Item(name: "d", value: "✓"),
            ])
        #expect(try QueryString(nil).items.isEmpty && QueryString("").items.isEmpty && QueryString("&&").items.isEmpty)
        // Control characters decode: the route reading the name or value refuses them, escaped.
        #expect(try QueryString("x%0A=1%0D%0A").items == [Item(name: "x\n", value: "1\r\n")])
        // A value may hold '=': only the first one splits.
        #expect(
            try QueryString("redirect-uri=https://a.example/?x=1").items == [Item(name: "redirect-uri", value: "https://a.example/?x=1")])
    }

    @Test(
        "Malformed queries are refused whatever their names, with no parameter",
        arguments: [
            ("border", "Malformed query: 'border' has no '=value'."),
            ("a=1&=black", "Malformed query: a parameter has no name."),
            ("color=%ZZ", "Malformed query: bad percent-encoding in '%ZZ'."),
            ("color=%4", "Malformed query: bad percent-encoding in '%4'."),
            ("color=%FF", "Malformed query: '%FF' is not valid UTF-8."),
        ])
    func malformed(raw: String, message: String) {
        #expect { try QueryString(raw) } throws: { error in
            let error = error as? RequestError
            return error?.kind == .malformed && error?.parameter == nil && error?.message.hasPrefix(message) == true
        }
    }

    @Test("maxLength: a longer query is refused before it is split")
    func maxLength() throws {
        let raw = String(repeating: "a=1&", count: 256)  // 1024 bytes
        #expect(try QueryString(raw, maxLength: 1024).items.count == 256)
        #expect(throws: RequestError.malformed("the query is longer than 1023 bytes")) { try QueryString(raw, maxLength: 1023) }
    }

    @Test("take: a route's own parameters come out, the rest stays in order; a repeat is refused")
    func take() throws {
        var query = try QueryString("width=200&client-id=a&color=white&scope=")
        #expect(try query.take("client-id") == "a")
        #expect(try query.take("scope") == "")
        #expect(try query.take("base-url") == nil)
        #expect(query.items == [Item(name: "width", value: "200"), Item(name: "color", value: "white")])
        // Spelled differently, the same name once decoded.
        var twice = try QueryString("client-id=a&width=200&client%2Did=b")
        #expect(throws: RequestError.duplicateParameter("client-id")) { try twice.take("client-id") }
    }

    @Test("forEach: the first thing wrong is named, a bad value before a later repeat, a repeat at its second occurrence")
    func forEach() throws {
        func firstError(_ raw: String) -> RequestError? {
            do throws(RequestError) {
                try QueryString(raw).forEach { item throws(RequestError) in
                    if item.value == "bad" { throw .invalidValue(name: item.name, value: item.value, allowed: "good") }
                }
                return nil
            } catch {
                return error
            }
        }
        #expect(firstError("a=1&b=2") == nil)
        #expect(firstError("a=bad&a=1")?.kind == .invalidValue)
        #expect(firstError("a=1&b=bad&a=1")?.kind == .invalidValue)
        #expect(firstError("a=1&a=bad") == .duplicateParameter("a"))
        #expect(firstError("a=1&b=2&a=1")?.parameter == "a")
    }
}

/// The one error value: the parameter, the reason, and the line saying both.
@Suite("Request errors")
struct RequestErrorTests {
    @Test(
        "Each kind names its parameter (or none) and keeps the reason apart from the message",
        arguments: [
            (
                RequestError.invalidValue(name: "width", value: "500", allowed: "an integer from 130 to 375"),
                RequestError.Kind.invalidValue,
                "width", "expected an integer from 130 to 375",
                "Invalid value '500' for parameter 'width': expected an integer from 130 to 375."
            ),
            (
                .invalidValue(name: "redirect-uri", reason: "must be an https:// URL"), .invalidValue,
                "redirect-uri", "must be an https:// URL", "Invalid value for parameter 'redirect-uri': must be an https:// URL."
            ),
            (
                .invalidValue(name: "sizes", reason: "ends with a full stop."), .invalidValue,
                "sizes", "ends with a full stop.", "Invalid value for parameter 'sizes': ends with a full stop."
            ),
            (
                .unknownParameter(name: "colour", endpoint: "/appleid/button", allowed: ["color", "width"]), .unknownParameter,
                "colour", "not a parameter of /appleid/button: allowed parameters are color, width",
                "Unknown parameter 'colour' for /appleid/button: allowed parameters are color, width."
            ),
            (.duplicateParameter("v"), .duplicateParameter, "v", "given more than once", "Parameter 'v' is given more than once."),
            (
                .missingParameter("client-id", hint: "the Services ID"), .missingParameter,
                "client-id", "required: the Services ID", "Missing parameter 'client-id': the Services ID."
            ),
            (
                .notAccepted("templates", because: "no paths"), .refused, "templates", "not accepted here: no paths",
                "Parameter 'templates' is not accepted here: no paths."
            ),
            (
                .malformed("a parameter has no name"), .malformed, nil, "a parameter has no name",
                "Malformed query: a parameter has no name."
            ),
            (
                .unknownEndpoint("/x", endpoints: ["/a", "/b"]), .unknownEndpoint, nil, "Unknown endpoint '/x': use /a, /b.",
                "Unknown endpoint '/x': use /a, /b."
            ),
            (RequestError(refusing: "Too many."), .refused, nil, "Too many.", "Too many."),
        ] as [(RequestError, RequestError.Kind, String?, String, String)])
    func kinds(error: RequestError, kind: RequestError.Kind, parameter: String?, reason: String, message: String) {
        #expect(error.kind == kind)
        #expect(error.parameter == parameter)
        #expect(error.reason == reason)
        #expect(error.message == message && error.description == message)
    }

    @Test("Text from the request stays one short line in the message")
    func oneLine() {
        let value = "200\r\nX-Injected: 1" + String(repeating: "a", count: 100)
        let invalid = RequestError.invalidValue(name: "w\u{200F}", value: value, allowed: "a number")
        #expect(
            invalid.message == "Invalid value '200\\r\\nX-Injected: 1" + String(repeating: "a", count: 22)
                + "…' for parameter 'w\\u{200F}': expected a number.")
        // A check's own words are kept whole, but on one line.
        #expect(
            RequestError.invalidValue(name: "scope", reason: "no\nnewline").message == "Invalid value for parameter 'scope': no\\nnewline.")
    }

    @Test(
        "The parser's errors carry the parameter a form would mark",
        arguments: [
            ("/appleid/button?width=500", "width"), ("/appleid/button?colour=black", "colour"), ("/appleid/button?v=1&v=2", "v"),
            ("/appleid/button?format=gif", "format"), ("/appleid/button/logo?width=200", "width"),
            ("/appleid/button?border", nil), ("/appleid/buttons", nil),
        ] as [(String, String?)])
    func parserParameters(target: String, parameter: String?) {
        #expect { try ButtonRequest.parse(target) } throws: { error in (error as? RequestError)?.parameter == parameter }
    }
}
