import SIWAButtons

/// Renders the web snippets for one button and one set of web-flow settings: the
/// Sign in with Apple JS page (`snippet.html` + `siwa-init.js`), the page without
/// JavaScript (`snippet-nojs.html`) and the bare `<img>` for hot-linking
/// (`snippet-img.html`). Used by `generate` and by the HTTP server's editor, so both
/// show the same snippet.
package struct SnippetRenderer: Sendable {
    package let templates: TemplateSet
    /// Where the `alt` text comes from: the renderer's titles, so the snippet names the
    /// title its image shows (`--labels` included).
    package let titles: TitleTable

    package init(templates: TemplateSet, titles: TitleTable) {
        self.templates = templates
        self.titles = titles
    }

    /// The four texts, named as `generate` writes them.
    package struct Snippets: Sendable, Equatable {
        package var snippetHTML: String
        package var initJS: String
        package var noJSHTML: String
        package var imgHTML: String
        /// The JS-API snippet: AppleID.auth.init + signIn() for a site's own button.
        package var signInJS: String = ""

        package var files: [(name: String, text: String)] {
            [
                ("snippet.html", snippetHTML), ("siwa-init.js", initJS), ("snippet-nojs.html", noJSHTML),
                ("snippet-img.html", imgHTML), ("siwa-signin.js", signInJS),
            ]
        }
    }

    /// - Parameters:
    ///   - button: the button (its scale is ignored: every `<img>` lists 1x, 2x, 3x).
    ///   - images: where the snippets' `<picture>` find the PNGs (and the picture sources, WebP).
    ///   - initScriptURL: how `snippet.html` refers to `siwa-init.js`.
    ///   - pageLocale: the language of Apple's script, `lang` and `alt` for a logo-only
    ///     button, whose image has no locale (the others use the button's).
    package func render(
        button: ButtonSpec, web: WebFlowSettings, images: SnippetImages,
        initScriptURL: String = "siwa-init.js", pageLocale: ButtonLocale? = nil
    ) -> Snippets {
        let view = Self.view(
            button: button, web: web, images: images, initScriptURL: initScriptURL,
            pageLocale: pageLocale, titles: titles)
        return Snippets(
            snippetHTML: templates.render("snippet.html", view),
            initJS: templates.render("siwa-init.js", view),
            noJSHTML: templates.render("snippet-nojs.html", view),
            imgHTML: templates.render("snippet-img.html", view),
            signInJS: templates.render("siwa-signin.js", view))
    }

    /// What the templates see. Raw values only: the templates escape them (HTML or JS
    /// string, by file type); URLs are percent-encoded here, then HTML-escaped there.
    static func view(
        button spec: ButtonSpec, web: WebFlowSettings, images: SnippetImages, initScriptURL: String,
        pageLocale: ButtonLocale? = nil, titles: TitleTable
    ) -> SnippetView {
        let page = spec.mode == .logo ? pageLocale ?? spec.locale : spec.locale
        let dark = SnippetImages.darkTwin(of: spec)
        // Each <picture> offers the picture sources first, for the browsers that take them; the PNG
        // <img> is for the rest.
        func sources(_ spec: ButtonSpec) -> [SnippetView.Source] {
            images.pictureSources.map { SnippetView.Source(type: $0.mediaType, srcset: images.srcset(for: spec, format: $0)) }
        }
        return SnippetView(
            clientId: web.clientId,
            redirectURI: web.redirectURI,
            scope: web.scope,
            hasScope: !web.scope.isEmpty,
            usePopup: web.usePopup ? "true" : "false",
            statePlaceholder: ServerPlaceholder.state,
            noncePlaceholder: ServerPlaceholder.nonce,
            authorizeURL: AuthorizeURL.make(web),
            appleScriptURL: "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/\(page.code)/appleid.auth.js",
            initScriptURL: initScriptURL,
            locale: page.code,
            lang: page.bcp47,
            dir: page.isRightToLeft ? "rtl" : "ltr",
            // The title as drawn: Chinese words separated by U+2006, as Apple's label has them.
            alt: page.typeset(titles.label(for: spec) ?? titles.title(.signIn, in: page)),
            width: spec.width,
            height: spec.height,
            dataAttributes: dataAttributes(spec).map { SnippetView.DataAttribute(name: $0.0, value: $0.1) },
            src: images.url(for: spec, scale: 1),
            srcset: images.srcset(for: spec),
            sources: sources(spec),
            hasSources: !images.pictureSources.isEmpty,
            dark: dark == spec ? nil : SnippetView.Dark(srcset: images.srcset(for: dark), sources: sources(dark)))
    }

    /// The `data-*` attributes of `<div id="appleid-signin">`, in the names and values
    /// of Apple's JS (which differ from the image endpoints': `center-align`, ...).
    /// Apple's script sizes a logo-only button by `data-size` alone (it ignores
    /// `data-width`/`data-height` there).
    package static func dataAttributes(_ spec: ButtonSpec) -> [(String, String)] {
        var attrs: [(String, String)] = []
        attrs.append(("mode", spec.mode.appleJSName))
        if spec.mode != .logo { attrs.append(("type", spec.type.rawValue)) }
        attrs += [
            ("color", spec.color.rawValue),
            ("border", spec.border ? "true" : "false"),
            ("border-radius", String(spec.borderRadius)),
        ]
        attrs +=
            spec.mode == .logo
            ? [("size", String(spec.height))]
            : [("width", String(spec.width)), ("height", String(spec.height))]
        if spec.mode == .left {
            attrs += [
                ("logo-size", spec.logoSize.rawValue),
                ("logo-position", String(spec.logoPosition)),
                ("label-position", String(spec.labelPosition)),
            ]
        }
        return attrs
    }
}
