import SIWAButtons
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the button will be shown, as far as the rules care: the page's background in
/// light and dark appearance, the other providers' buttons beside it, and the clear
/// space around it. Everything is optional; a rule that needs what is missing is skipped.
package struct LintContext: Hashable, Sendable {
    /// The page colour in light appearance, then (optionally) in dark appearance.
    package var backgrounds: [Appearance: PageColor]
    /// Sizes in points of the other sign-in buttons on the same screen.
    package var beside: [Size]
    /// Clear space around the button, in points.
    package var margin: Double?

    package enum Appearance: String, Hashable, Sendable, CaseIterable, Codable {
        case light, dark
    }

    package struct Size: Hashable, Sendable, CustomStringConvertible {
        package var width, height: Double
        package init(width: Double, height: Double) { self.width = width; self.height = height }
        package var description: String { "\(LintNumber.text(width)) x \(LintNumber.text(height)) pt" }
    }

    package init(backgrounds: [Appearance: PageColor] = [:], beside: [Size] = [], margin: Double? = nil) {
        self.backgrounds = backgrounds
        self.beside = beside
        self.margin = margin
    }

    /// The context from the options' text (`--background`, `--beside`, `--margin`, or the
    /// HTTP parameters of the same names). Bad text throws a `RequestError` naming the
    /// option as `parameter`; values are quoted as the parser quotes them (control
    /// characters escaped, long ones cut), so a message stays one line whatever was sent.
    package static func parse(background: String?, beside: String?, margin: String?) throws(RequestError) -> LintContext {
        var context = LintContext()
        if let background {
            let parts = background.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else {
                throw RequestError.invalidValue(
                    name: "background", reason: "give COLOR or LIGHT,DARK (e.g. '#ffffff,#000000'), not '\(RequestError.shown(background))'"
                )
            }
            for (appearance, part) in zip(Appearance.allCases, parts) {
                guard let color = PageColor(parsing: String(part)) else {
                    throw RequestError.invalidValue(
                        name: "background",
                        reason: "'\(RequestError.shown(String(part)))' is not a colour (use #RGB, #RRGGBB, black or white)")
                }
                context.backgrounds[appearance] = color
            }
        }
        if let beside {
            for part in beside.split(separator: ",", omittingEmptySubsequences: false) {
                let wh = part.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard wh.count == 2, let w = Double(wh[0]), let h = Double(wh[1]), w > 0, h > 0, w <= 10_000, h <= 10_000 else {
                    throw RequestError.invalidValue(
                        name: "beside", reason: "'\(RequestError.shown(String(part)))' is not a size in points WxH (e.g. 200x44)")
                }
                context.beside.append(Size(width: w, height: h))
            }
        }
        if let margin {
            guard let m = Double(margin), m >= 0, m <= 10_000 else {
                throw RequestError.invalidValue(
                    name: "margin", reason: "'\(RequestError.shown(margin))' is not a number of points (0 or more)")
            }
            context.margin = m
        }
        return context
    }
}

/// Numbers as findings show them: whole numbers without a fraction, others with one digit
/// (a Double rounded to tenths prints as one: 12.5).
enum LintNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
