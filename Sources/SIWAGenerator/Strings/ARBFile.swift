import Foundation
import SIWAButtons

/// Flutter's Application Resource Bundles, `app_<locale>.arb`, one per locale of the set,
/// for `flutter gen-l10n` (`arb-dir` this folder, `template-arb-file` the set's first
/// locale's): `@@locale`, the messages `siwaSignIn`, `siwaContinue`, `siwaSignUp`, and
/// each title's confidence and source as its `@message` description. Locale names are
/// `PlatformLocale.flutter`'s (a language's primary locale alone, as gen-l10n wants).
enum ARBFile {
    static func key(_ type: ButtonSpec.Kind) -> String {
        "siwa" + type.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func files(_ strings: TitleStrings) -> [(path: String, text: String)] {
        let names = PlatformLocale.flutter(strings.locales)
        return strings.locales.map { locale in
            let name = names[locale]!
            var object: [String: ARBValue] = ["@@locale": .text(name)]
            for title in strings.titles(in: locale) {
                object[key(title.type)] = .text(title.text)
                object["@" + key(title.type)] = .description(
                    "Apple's \(title.type.rawValue) button title (\(title.type.appleWording)), "
                        + "\(locale.code): \(title.note)")
            }
            return ("app_\(name).arb", XcodeJSON.text(object))
        }
    }

    /// An ARB value: a message, or a message's attributes.
    enum ARBValue: Encodable {
        case text(String)
        case description(String)

        struct Attributes: Encodable { var description: String }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .description(let text): try container.encode(Attributes(description: text))
            }
        }
    }
}
