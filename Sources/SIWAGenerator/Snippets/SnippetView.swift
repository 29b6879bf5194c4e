/// What the snippet templates read (`snippet.html`, `siwa-init.js`, `snippet-nojs.html`,
/// `snippet-img.html`, `siwa-signin.js`), built by `SnippetRenderer.view`. Raw values
/// only: the templates escape them (HTML or JavaScript string, by file type).
struct SnippetView: TemplateContext {
    var clientId: String
    var redirectURI: String
    var scope: String
    /// Apple leaves an empty scope out; so do the meta tags.
    var hasScope: Bool
    /// `true` or `false`, as Apple's meta tag and `AppleID.auth.init` spell it.
    var usePopup: String
    var statePlaceholder: String
    var noncePlaceholder: String
    var authorizeURL: String
    var appleScriptURL: String
    var initScriptURL: String
    var locale: String
    var lang: String
    var dir: String
    var alt: String
    var width: Int
    var height: Int
    var dataAttributes: [DataAttribute]
    /// The default format (PNG) at 1x, and at every scale.
    var src: String
    var srcset: String
    /// The `<source>`s of each `<picture>`, in the order a browser should consider them,
    /// before the PNG `<img>`; `snippet-img.html` is a `<picture>` only with some.
    var sources: [Source]
    var hasSources: Bool
    /// The button under `prefers-color-scheme: dark`, when it is another one.
    var dark: Dark?

    struct DataAttribute {
        var name: String
        var value: String
    }

    /// `<source type="{{type}}" srcset="{{srcset}}">`.
    struct Source {
        /// The format's media type.
        var type: String
        var srcset: String
    }

    /// The dark-mode twin's images. `sources` is never nil, so a section inside `dark`
    /// never falls back to the light button's sources.
    struct Dark {
        var srcset: String
        var sources: [Source]
    }
}
