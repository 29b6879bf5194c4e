import SIWAButtons

/// Per button, the @2x PNG and the HTML an e-mail template pastes for it: the image at
/// its 1x size (e-mail clients show no SVG, and `width`/`height` attributes are what
/// Outlook honours), the title as `alt` for clients that block images, and a link to
/// Apple's authorize URL. `__SIWA_STATE__` and `__SIWA_NONCE__` are for the server that
/// sends the mail to replace per recipient, as in the web snippets; `src` is the file's
/// name, to be replaced by where the image is hosted.
struct EmailPreset: ButtonByButtonLayout {
    static let preset = Preset.email
    static let needsWebFlow: String? = "each e-mail button links to Apple's sign-in page"
    let context: PresetContext

    init(_ context: PresetContext) { self.context = context }

    func files(for variant: ButtonSpec) -> PresetFiles {
        let image = Asset(spec: variant, format: .png, path: name(variant) + "@2x.png", scale: 2)
        let html = Self.html(for: variant, image: image.path, title: context.titles.accessibleTitle(for: variant), web: context.web)
        return PresetFiles(assets: [image], texts: [TextFile(path: name(variant) + ".html", text: html)])
    }

    /// `web` is nil only when counting files: `checkPresets` refuses `email` without it.
    static func html(for spec: ButtonSpec, image: String, title: String, web: WebFlowSettings?) -> String {
        let locale = spec.mode == .logo ? ButtonLocale.default : spec.locale
        let img =
            "<img src=\"\(Escaping.html(Escaping.urlPath(image)))\" width=\"\(spec.width)\" height=\"\(spec.height)\" "
            + "alt=\"\(Escaping.html(locale.typeset(title)))\" lang=\"\(locale.bcp47)\" dir=\"\(locale.isRightToLeft ? "rtl" : "ltr")\" "
            + "style=\"display:block;border:0;width:\(spec.width)px;height:\(spec.height)px\">"
        guard let web else { return img + "\n" }
        return "<a href=\"\(Escaping.html(AuthorizeURL.make(web)))\" style=\"display:inline-block;text-decoration:none\">"
            + img + "</a>\n"
    }
}
