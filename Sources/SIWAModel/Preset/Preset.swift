/// A platform's folder layout for a generated set (`generate --presets`): which
/// encodings the platform can use and which it gets when `--formats` is not given.
/// The layouts themselves are the generator's (`PresetLayout`); this is the data the
/// schema and the option checks share.
public enum Preset: String, CaseIterable, Sendable {
    /// The web layout (a set's root without `--presets`), an Xcode asset catalog, Android's
    /// `res/drawable*` and Flutter's `assets/`: ``summary`` says what each holds.
    case web, ios, android, flutter
    /// `NAME.png`, `NAME@2x.png`, `NAME@3x.png` side by side, for React Native's `require`.
    case reactNative = "react-native"
    /// PNG @2x and an HTML fragment per button, for e-mail.
    case email

    /// One line for people: what the preset's folder holds (the schema's `presets`).
    public var summary: String {
        switch self {
        case .web: "Today's layout: PNG or WebP at each scale, SVG, PDF, and the Sign in with Apple JS snippets."
        case .ios: "An Xcode asset catalog: one imageset per button, localized, 1x/2x/3x PNGs or one PDF, dark appearance."
        case .android: "res/drawable*: VectorDrawable and PNG at mdpi to xxxhdpi, -night for dark mode, locale folders."
        case .flutter: "assets/siwa/ with 2.0x/ and 3.0x/ variant folders and a pubspec.yaml fragment."
        case .reactNative: "NAME.png, NAME@2x.png, NAME@3x.png side by side, for require('./NAME.png')."
        case .email: "PNG @2x and an HTML fragment per button (img at 1x size, alt, link to Apple)."
        }
    }

    /// The formats the preset can hold.
    public var formats: [OutputFormat] {
        switch self {
        case .web: [.png, .webp, .svg, .pdf]
        case .ios: [.png, .pdf]
        case .android: [.png, .vectorDrawable]
        case .flutter, .reactNative, .email: [.png]
        }
    }

    /// What it holds when `--formats` is not given.
    public var defaultFormats: [OutputFormat] {
        switch self {
        case .web: [.png, .svg]
        case .ios: [.png]
        case .android: [.png, .vectorDrawable]
        case .flutter, .reactNative, .email: [.png]
        }
    }

    /// `--formats best`: the preset's best vector with the rasters its platform still
    /// wants beside it (web: SVG with PNG and WebP; iOS: one PDF per imageset; Android:
    /// VectorDrawable with PNG fallbacks for what it cannot draw; the rest: PNG).
    public var bestFormats: [OutputFormat] {
        switch self {
        case .web: [.png, .webp, .svg]
        case .ios: [.pdf]
        case .android: [.png, .vectorDrawable]
        case .flutter, .reactNative, .email: [.png]
        }
    }
}
