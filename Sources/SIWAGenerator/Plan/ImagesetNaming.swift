/// How the iOS catalog names its imagesets (`--ios-imagesets`).
package enum ImagesetNaming: String, CaseIterable, Sendable {
    /// One imageset per button, localized (`siwa-sign-in-black`).
    case localized
    /// One imageset per button and locale (`siwa-sign-in-black-de_DE`), as before localized imagesets.
    case perLocale = "per-locale"
}
