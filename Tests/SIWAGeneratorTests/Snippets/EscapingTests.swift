import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

@Suite struct EscapingTests {
    @Test("JavaScript string keeps nothing that ends a string or script") func javaScriptStringKeepsNothingThatEndsAStringOrScript() {
        let hostile = "a\"'\\</script>\n\r\u{2028}\u{2029}`${x}&é😀"
        let escaped = Escaping.javaScriptString(hostile)
        for forbidden in ["\"", "'", "\\\"", "<", ">", "\n", "\r", "\u{2028}", "\u{2029}", "`", "&", "{", "}", "é"] {
            #expect(!escaped.replacingOccurrences(of: "\\u", with: "").contains(forbidden), "\(forbidden)")
        }
        #expect(escaped.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(decodeJSString(escaped) == hostile)
        #expect(Escaping.javaScriptString("com.example.web") == "com.example.web")
        #expect(Escaping.javaScriptString("https://example.com/cb?a=1") == "https://example.com/cb?a=1")
    }

    /// The e-mail fragments' attributes: nothing ends the attribute or opens a tag.
    @Test("HTML escapes what ends an attribute") func htmlEscapesWhatEndsAnAttribute() {
        #expect(
            Escaping.html(hostileClientId + " & 'x'") == "a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39;")
        #expect(Escaping.html("המשך באמצעות Apple") == "המשך באמצעות Apple")
    }

    @Test("URL component keeps only unreserved") func urlComponentKeepsOnlyUnreserved() {
        #expect(Escaping.urlComponent("code id_token") == "code%20id_token")
        #expect(Escaping.urlComponent("https://example.com/cb?x=1&y='2'") == "https%3A%2F%2Fexample.com%2Fcb%3Fx%3D1%26y%3D%272%27")
        #expect(Escaping.urlComponent(hostileClientId) == "a%22%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E")
        #expect(Escaping.urlComponent("é") == "%C3%A9")
        #expect(Escaping.urlPath("center/sign-in/black/en_US/button@2x.png") == "center/sign-in/black/en_US/button@2x.png")
    }

    @Test("Redirect URI policy") func redirectURIPolicy() {
        let ok = [
            "https://example.com/auth/apple", "https://example.com:8443/cb?x='1'&y=%20", "HTTPS://EXAMPLE.COM",
            "https://example.com:65535/cb", "https://[::1]:8443/cb", "https://[::1]/cb",
        ]
        for uri in ok { #expect(WebFlowSettings.checkRedirectURI(uri) == nil, "\(uri)") }
        let refused = [
            "javascript:alert(1)", "JavaScript:alert(1)//https://", "http://example.com/cb", "data:text/html,x",
            "//example.com/cb", "https://", "https:///path", "https://user:pw@example.com/cb",
            "https://example.com/cb#frag", "https://example.com/\"onmouseover=\"x", "https://example.com/<script>",
            "https://example.com/a b", "https://example.com/\n", "https://example.com/é", "https://example.com/%zz",
            "https://example.com/\\evil", "", "https://example.com:99999/cb", "https://example.com:/cb",
            "https://example.com:8a/cb", "https://example.com:123456/cb",
            "https://:8443/cb", "https://[::1]:x/cb",
        ]
        for uri in refused { #expect(WebFlowSettings.checkRedirectURI(uri) != nil, "\(uri)") }
    }

    @Test("Client id and scope policy") func clientIdAndScopePolicy() {
        #expect(WebFlowSettings.checkClientId(hostileClientId) == nil)
        #expect(WebFlowSettings.checkClientId("") != nil)
        #expect(WebFlowSettings.checkClientId("a\nb") != nil)
        #expect(WebFlowSettings.checkScope("") == nil)
        #expect(WebFlowSettings.checkScope("email name") == nil)
        #expect(WebFlowSettings.checkScope("name name") != nil)
        #expect(WebFlowSettings.checkScope("openid") != nil)
    }

    @Test("Authorize URL") func authorizeURL() throws {
        let web = try WebFlowSettings(clientId: "com.example.web", redirectURI: "https://example.com/cb")
        #expect(
            AuthorizeURL.make(web) == "https://appleid.apple.com/auth/authorize?client_id=com.example.web"
                + "&redirect_uri=https%3A%2F%2Fexample.com%2Fcb&response_type=code%20id_token&scope=name%20email"
                + "&response_mode=form_post&state=__SIWA_STATE__&nonce=__SIWA_NONCE__")
        // No scope asked for: left out, as Apple's script leaves it out (not `scope=`).
        let none = try WebFlowSettings(clientId: "com.example.web", redirectURI: "https://example.com/cb", scope: "")
        #expect(
            AuthorizeURL.make(none) == "https://appleid.apple.com/auth/authorize?client_id=com.example.web"
                + "&redirect_uri=https%3A%2F%2Fexample.com%2Fcb&response_type=code%20id_token"
                + "&response_mode=form_post&state=__SIWA_STATE__&nonce=__SIWA_NONCE__")
    }
}

@Suite struct SnippetTests {
    let templates: TemplateSet
    init() throws { templates = try TemplateSet.load() }

    private func render(
        clientId: String = "com.example.web", redirectURI: String = "https://example.com/cb",
        button: ButtonSpec = ButtonSpec(width: 250, height: 44), popup: Bool = false,
        scope: String = WebFlowOptions.defaultScope, pageLocale: ButtonLocale? = nil,
        images: SnippetImages = .files(prefix: "", naming: AssetNaming())
    ) throws -> SnippetRenderer.Snippets {
        let web = try WebFlowSettings(clientId: clientId, redirectURI: redirectURI, scope: scope, usePopup: popup)
        return SnippetRenderer(templates: templates, titles: .standard)
            .render(button: button, web: web, images: images, pageLocale: pageLocale)
    }

    @Test("Hostile client id stays data") func hostileClientIdStaysData() throws {
        let s = try render(
            clientId: hostileClientId, redirectURI: "https://example.com/cb?x='1'&q=\"".replacingOccurrences(of: "\"", with: "%22"))
        for text in [s.snippetHTML, s.noJSHTML, s.initJS, s.imgHTML, s.signInJS] {
            #expect(!text.contains("<script>alert"))
            #expect(!text.contains("alert(1)</script>"))
        }
        // In the JS-API snippet: a JavaScript string.
        #expect(s.signInJS.contains("clientId: 'a\\u0022\\u003C/script\\u003E\\u003Cscript\\u003Ealert(1)\\u003C/script\\u003E',"))
        // In Apple's meta tags: HTML-escaped attribute values.
        #expect(
            s.snippetHTML.contains(
                #"<meta name="appleid-signin-client-id" content="a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
        #expect(
            s.snippetHTML.contains(#"<meta name="appleid-signin-redirect-uri" content="https://example.com/cb?x=&#39;1&#39;&amp;q=%22">"#))
        // In the links to Apple: percent-encoded inside the URL, then HTML-escaped (& -> &amp;).
        for page in [s.noJSHTML, s.snippetHTML] {
            #expect(page.contains("client_id=a%22%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;redirect_uri="))
            #expect(page.contains("redirect_uri=https%3A%2F%2Fexample.com%2Fcb%3Fx%3D%271%27%26q%3D%2522&amp;"))
        }
        // siwa-init.js holds no settings: it reads Apple's meta tags.
        #expect(s.initJS == (try render()).initJS)
    }

    @Test("No script inline and no value for state or nonce") func noScriptInlineAndNoValueForStateOrNonce() throws {
        let s = try render()
        // Every <script> has a src and nothing inside.
        let scripts = s.snippetHTML.components(separatedBy: "<script").dropFirst()
        #expect(scripts.count == 2)
        for tag in scripts { #expect(tag.hasPrefix(" src=\"") && tag.contains("></script>")) }
        for page in [s.snippetHTML, s.noJSHTML] {
            #expect(!page.contains(/\son[a-z]+\s*=/))  // no event-handler attributes
            #expect(!page.contains(" style=\""))  // the only styles are in the <style> element
            #expect(page.contains("state=__SIWA_STATE__&amp;nonce=__SIWA_NONCE__"))
            // Without JavaScript, the CSS swaps the link with placeholders for one to the
            // explanation; its selector must not be a whole placeholder (the server's
            // replacement would change it too).
            #expect(page.contains(#".siwa-signin[href*="__SIWA_"]"#))
            #expect(page.contains(##"<a class="siwa-setup-link" href="#siwa-setup">"##))
            #expect(page.contains(#"<p id="siwa-setup" class="siwa-setup" role="alert""#))
        }
        // Placeholders only where the server fills them: the link (and Apple's meta tags).
        #expect(s.noJSHTML.components(separatedBy: "__SIWA_STATE__").count == 2)
        #expect(s.snippetHTML.components(separatedBy: "__SIWA_STATE__").count == 3)
        // Apple's meta tags carry the placeholders for the server to replace.
        #expect(s.snippetHTML.contains("<meta name=\"appleid-signin-state\" content=\"__SIWA_STATE__\">"))
        #expect(s.snippetHTML.contains("<meta name=\"appleid-signin-nonce\" content=\"__SIWA_NONCE__\">"))
        #expect(s.initJS.contains("meta('state')") && s.initJS.contains("meta('nonce')"))
        #expect(!s.initJS.contains("__SIWA_STATE__") && !s.initJS.contains("__SIWA_NONCE__"))
    }

    @Test("Apple script and button attributes") func appleScriptAndButtonAttributes() throws {
        let left = ButtonSpec(
            mode: .left, type: .continue, color: .white, border: true, borderRadius: 50,
            locale: ButtonLocale(code: "de_DE")!, width: 280, height: 48, logoSize: .medium)
        let s = try render(button: left, popup: true)
        // siwa-init.js first (it picks the colour before Apple's script draws), then Apple's.
        #expect(
            s.snippetHTML.contains(
                "<script src=\"siwa-init.js\" defer></script>\n"
                    + "<script src=\"https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/de_DE/appleid.auth.js\" defer></script>"
            ))
        #expect(
            s.snippetHTML.contains(
                "<div id=\"appleid-signin\" data-mode=\"left-align\" data-type=\"continue\" data-color=\"white\" "
                    + "data-border=\"true\" data-border-radius=\"50\" data-width=\"280\" data-height=\"48\" data-logo-size=\"medium\" "
                    + "data-logo-position=\"0\" data-label-position=\"0\">"))
        // The element is the button's size: clicks beside it do nothing.
        #expect(s.snippetHTML.contains("#appleid-signin { width: 280px; height: 48px; }"))
        #expect(s.snippetHTML.contains("<html lang=\"de-DE\" dir=\"ltr\">"))
        #expect(
            s.snippetHTML.contains(
                "<meta name=\"appleid-signin-client-id\" content=\"com.example.web\">\n"
                    + "<meta name=\"appleid-signin-scope\" content=\"name email\">\n"
                    + "<meta name=\"appleid-signin-redirect-uri\" content=\"https://example.com/cb\">\n"))
        #expect(s.snippetHTML.contains("<meta name=\"appleid-signin-use-popup\" content=\"true\">"))
        // Apple's script sizes a logo-only button by data-size alone.
        let logo = try render(button: ButtonSpec(mode: .logo, size: 44))
        #expect(
            logo.snippetHTML.contains(
                "<div id=\"appleid-signin\" data-mode=\"logo-only\" data-color=\"black\" data-border=\"false\" "
                    + "data-border-radius=\"15\" data-size=\"44\">"))
        #expect(!logo.snippetHTML.contains("data-type") && !logo.snippetHTML.contains("data-width"))
        #expect(logo.snippetHTML.contains("#appleid-signin { width: 44px; height: 44px; }"))
        #expect(logo.snippetHTML.contains("<meta name=\"appleid-signin-use-popup\" content=\"false\">"))
    }

    @Test("Empty scope is left out") func emptyScopeIsLeftOut() throws {
        let s = try render(scope: "")
        #expect(!s.snippetHTML.contains("appleid-signin-scope"))
        #expect(!s.snippetHTML.contains("scope=") && !s.noJSHTML.contains("scope="))
    }

    /// Apple's Chinese labels separate words with U+2006; the alt text names the drawn title.
    @Test("Chinese alt is the drawn title") func chineseAltIsTheDrawnTitle() throws {
        let zh = ButtonLocale(code: "zh_CN")!
        let s = try render(button: ButtonSpec(locale: zh, width: 250, height: 44))
        #expect(s.imgHTML.contains("alt=\"通过\u{2006}Apple\u{2006}登录\""))
        #expect(s.noJSHTML.contains("alt=\"通过\u{2006}Apple\u{2006}登录\""))
        let logo = try render(button: ButtonSpec(mode: .logo, size: 44), pageLocale: zh)
        #expect(logo.snippetHTML.contains("alt=\"通过\u{2006}Apple\u{2006}登录\""))
        let en = try render()
        #expect(en.imgHTML.contains("alt=\"Sign in with Apple\""))
    }

    @Test("The <img> snippet lists three scales at one size") func imgSnippetListsThreeScalesAtOneXSize() throws {
        let s = try render(images: .endpoint(base: "https://buttons.example.com"))
        let base = "https://buttons.example.com/appleid/button?width=250&amp;height=44"
        // The service draws WebP too: offered first, the PNG <img> as the fallback.
        #expect(
            s.imgHTML == "<picture><source type=\"image/webp\" srcset=\"\(base)&amp;format=webp 1x, "
                + "\(base)&amp;scale=2&amp;format=webp 2x, \(base)&amp;scale=3&amp;format=webp 3x\">"
                + "<img src=\"\(base)\" srcset=\"\(base) 1x, "
                + "\(base)&amp;scale=2 2x, \(base)&amp;scale=3 3x\" "
                + "width=\"250\" height=\"44\" alt=\"Sign in with Apple\" lang=\"en-US\" dir=\"ltr\"></picture>\n")
    }

    @Test("No JS picture switches to white in the dark") func noJSPictureSwitchesToWhiteInTheDark() throws {
        let rtl = ButtonSpec(type: .signIn, locale: ButtonLocale(code: "ar_SA")!, width: 250, height: 44)
        let s = try render(button: rtl)
        #expect(
            s.noJSHTML.contains(
                "<source media=\"(prefers-color-scheme: dark)\" srcset=\"center/sign-in/white/ar_SA/button@1x.png 1x, "
                    + "center/sign-in/white/ar_SA/button@2x.png 2x, center/sign-in/white/ar_SA/button@3x.png 3x\">"))
        #expect(
            s.noJSHTML.contains(
                "<img src=\"center/sign-in/black/ar_SA/button@1x.png\" srcset=\"center/sign-in/black/ar_SA/button@1x.png 1x, "
                    + "center/sign-in/black/ar_SA/button@2x.png 2x, center/sign-in/black/ar_SA/button@3x.png 3x\" width=\"250\" height=\"44\" "
                    + "alt=\"\(ButtonLocale(code: "ar_SA")!.title(.signIn))\" lang=\"ar-SA\" dir=\"rtl\">"))
        // Already white: no dark source.
        let white = try render(button: ButtonSpec(color: .white, width: 250, height: 44))
        #expect(!white.noJSHTML.contains("<source"))
    }

    @Test("Endpoint images for the HTTP server") func endpointImagesForTheHTTPServer() throws {
        let s = try render(images: .endpoint(base: "https://buttons.example.com"))
        // Canonical URLs: Apple's order, defaults (format=png included) left out.
        #expect(s.noJSHTML.contains("src=\"https://buttons.example.com/appleid/button?width=250&amp;height=44\""))
        #expect(s.noJSHTML.contains("/appleid/button?width=250&amp;height=44&amp;scale=3 3x"))
        #expect(s.noJSHTML.contains("/appleid/button?width=250&amp;height=44&amp;scale=2&amp;format=webp 2x"))
    }

    @Test("Endpoint images carry the cache version") func endpointImagesCarryTheCacheVersion() throws {
        let s = try render(images: .endpoint(base: "", version: "2026-11"))
        let urls = s.noJSHTML.split(separator: "\"").filter { $0.hasPrefix("/appleid/") }.flatMap { $0.split(separator: ",") }
        #expect(!urls.isEmpty)
        for url in urls {
            let target = url.split(separator: " ")[0]
            #expect(target.hasSuffix("&amp;v=2026-11"), "\(url)")
        }
    }

    @Test("Override folder replaces file by file") func overrideFolderReplacesFileByFile() throws {
        let folder = try TemporaryFolder()
        try "<p>{{clientId}}</p>\n".write(
            to: folder.url.appendingPathComponent("snippet-nojs.html.mustache"), atomically: true, encoding: .utf8)
        try "var id = '{{clientId}}';\n".write(
            to: folder.url.appendingPathComponent("siwa-init.js.mustache"), atomically: true, encoding: .utf8)
        let custom = try TemplateSet.load(override: folder.url)
        let web = try WebFlowSettings(clientId: hostileClientId, redirectURI: "https://example.com/cb")
        let s = SnippetRenderer(templates: custom, titles: .standard).render(button: ButtonSpec(), web: web, images: .endpoint(base: ""))
        // The file type decides the escaping, whoever wrote the template.
        #expect(s.noJSHTML == "<p>a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>\n")
        #expect(s.initJS == "var id = 'a\\u0022\\u003C/script\\u003E\\u003Cscript\\u003Ealert(1)\\u003C/script\\u003E';\n")
        #expect(s.snippetHTML == (try render(clientId: hostileClientId, button: ButtonSpec(), images: .endpoint(base: ""))).snippetHTML)
        #expect(custom.files["siwa-init.js"] == folder.url.appendingPathComponent("siwa-init.js.mustache").path)
    }

    @Test("Template errors name file and line") func templateErrorsNameFileAndLine() throws {
        let folder = try TemporaryFolder()
        try "<p>\n{{#open}}\n</p>\n".write(to: folder.url.appendingPathComponent("index.html.mustache"), atomically: true, encoding: .utf8)
        #expect {
            try TemplateSet.load(override: folder.url)
        } throws: { error in
            "\(error)".contains("index.html.mustache:")
        }
        #expect(throws: TemplateSet.LoadError.self) { try TemplateSet.load(override: folder.url.appendingPathComponent("missing")) }
    }

    @Test("Built-in templates never use unescaped values") func builtInTemplatesNeverUseUnescapedValues() throws {
        for file in templates.files.values {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("{{{") && !text.contains("{{&"), "\(file)")
        }
    }
}

/// Decodes the escapes `Escaping.javaScriptString` writes (`\uXXXX`), as a JS engine would.
func decodeJSString(_ literal: String) -> String? {
    var units: [UInt16] = []
    var it = Array(literal.utf16)[...]
    while let u = it.popFirst() {
        if u == 0x5C {
            guard it.popFirst() == 0x75, it.count >= 4 else { return nil }
            guard let v = UInt16(String(decoding: it.prefix(4), as: UTF16.self), radix: 16) else { return nil }
            units.append(v)
            it = it.dropFirst(4)
        } else {
            units.append(u)
        }
    }
    return String(decoding: units, as: UTF16.self)
}
