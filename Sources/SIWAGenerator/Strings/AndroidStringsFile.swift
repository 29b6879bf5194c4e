import Foundation
import SIWAButtons

/// Android string resources, `values-*/siwa_strings.xml` in the folders the drawables use
/// (`AndroidPreset.localeQualifier`; the unqualified `values/` holds the set's first
/// locale, so no device lacks them), names `siwa_sign_in`, `siwa_continue`,
/// `siwa_sign_up` (`R.string.siwa_sign_in`). Not `strings.xml`: copying `res/` into an
/// app must not replace the app's own; Android merges every file of a `values` folder.
/// Each title's confidence and source is the XML comment above it.
enum AndroidStringsFile {
    static let fileName = "siwa_strings.xml"

    static func name(_ type: ButtonSpec.Kind) -> String {
        "siwa_" + type.rawValue.replacingOccurrences(of: "-", with: "_")
    }

    static func files(_ strings: TitleStrings) -> [(path: String, text: String)] {
        let first = strings.locales[0]
        var files = [(path: "values/\(fileName)", text: text(strings, first))]
        if strings.locales.count > 1 {
            files += strings.locales.map { ("values-\(AndroidPreset.localeQualifier($0))/\(fileName)", text(strings, $0)) }
        }
        return files
    }

    static func text(_ strings: TitleStrings, _ locale: ButtonLocale) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<!-- Apple's Sign in with Apple button titles, \(locale.code) (\(comment(locale.name))). -->",
            "<resources>",
        ]
        for title in strings.titles(in: locale) {
            lines.append("    <!-- \(comment(title.note)) -->")
            let formatted = title.text.contains("%") ? " formatted=\"false\"" : ""
            lines.append("    <string name=\"\(name(title.type))\"\(formatted)>\(escaped(title.text))</string>")
        }
        lines.append("</resources>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A title as Android's resource compiler reads it back unchanged: XML's `& < >`,
    /// and Android's own escapes for `\`, `'`, `"`, a leading `@` or `?` (a reference
    /// otherwise), and a space after a space (Android collapses runs of spaces).
    static func escaped(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "@" where previous == nil, "?" where previous == nil: out += "\\" + String(c)
            case " " where previous == " ": out += "\\u0020"
            default: out.append(c)
            }
            previous = c
        }
        return out
    }

    /// XML comments may not hold `--` nor end with `-`.
    private static func comment(_ text: String) -> String {
        var out = text
        while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "- -") }
        return out.hasSuffix("-") ? out + " " : out
    }
}
