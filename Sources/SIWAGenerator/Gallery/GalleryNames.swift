import SIWAButtons

/// The gallery's words for the codes a set is written with: a designer reads "White with
/// outline" and "Japanese", and finds the file by the code beside it (`ja_JP`). The file
/// names, `data-*` attributes and URL hashes keep the codes.
enum GalleryNames {
    static func title(_ type: ButtonSpec.Kind) -> String {
        switch type {
        case .signIn: "Sign in"
        case .continue: "Continue"
        case .signUp: "Sign up"
        }
    }

    static func style(_ style: ButtonStyle) -> String {
        switch style {
        case .black: "Black"
        case .white: "White"
        case .whiteOutline: "White with outline"
        }
    }

    /// `Japanese · ja_JP`: the language's English name (the labels table's), then the
    /// code the file names carry.
    static func locale(_ locale: ButtonLocale) -> String { "\(locale.name) · \(locale.code)" }

    static func platform(_ preset: Preset) -> String {
        switch preset {
        case .web: "Web"
        case .ios: "iOS"
        case .android: "Android"
        case .flutter: "Flutter"
        case .reactNative: "React Native"
        case .email: "E-mail"
        }
    }

    /// A facet's value shown by its name, or as it is when it names nothing known.
    static func text<T: RawRepresentable<String>>(_ raw: String, as type: T.Type, _ name: (T) -> String) -> String {
        T(rawValue: raw).map(name) ?? raw
    }
}
