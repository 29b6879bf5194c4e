/// The titles buttons are drawn with: `LabelTable`'s, with the corrections a user
/// gave (`--labels FILE`) in place of the titles they name. Everything that shows a
/// title (the image, SVG `<title>`, PDF title, `alt` text, snippets, manifest,
/// gallery) takes it from the renderer's table, so a correction reaches all of them.
///
/// The core takes the corrections as a plain dictionary (locale code -> type ->
/// title); reading them from YAML is the front ends' business.
public struct TitleTable: Hashable, Sendable {
    /// `LabelTable`'s titles, unchanged.
    public static let standard = TitleTable()

    /// The longest title accepted, in characters (Apple's longest, Polish sign-up, has 37).
    public static let maxTitleLength = 64

    /// Titles that differ from `LabelTable`'s (an override that repeats the built-in
    /// title is dropped: it changes no byte).
    private var overrides: [ButtonLocale: [ButtonSpec.Kind: String]] = [:]

    /// The standard table: `LabelTable`'s titles, none replaced (as ``standard``).
    public init() {}

    /// The standard titles with a user's corrections (`--labels FILE`) in place of those they name.
    ///
    /// - Parameter overrides: locale code (Apple's, e.g. `de_DE`) -> type (`sign-in`,
    ///   `continue`, `sign-up`) -> title, in logical order with plain spaces.
    /// - Throws: the first entry that is refused, locales and types in sorted order.
    public init(overrides: [String: [String: String]]) throws(TitleOverrideError) {
        for code in overrides.keys.sorted() {
            for (type, title) in overrides[code]!.sorted(by: { $0.key < $1.key }) {
                try set(title, locale: code, type: type)
            }
        }
    }

    /// Replaces one title after checking locale, type and text (see `problem(with:)`).
    public mutating func set(_ title: String, locale code: String, type name: String) throws(TitleOverrideError) {
        guard let locale = ButtonLocale(code: code) else {
            throw TitleOverrideError(
                locale: code, type: nil,
                message: "unknown locale: expected one of Apple's 37 locale codes, e.g. en_US")
        }
        guard let type = ButtonSpec.Kind(rawValue: name) else {
            throw TitleOverrideError(locale: code, type: name, message: "unknown type: expected sign-in, continue or sign-up")
        }
        if let problem = Self.problem(with: title) {
            throw TitleOverrideError(locale: code, type: name, message: problem)
        }
        if title.unicodeScalars.elementsEqual(locale.title(type).unicodeScalars) {
            overrides[locale]?[type] = nil
            if overrides[locale]?.isEmpty == true { overrides[locale] = nil }
        } else {
            overrides[locale, default: [:]][type] = title
        }
    }

    /// What is wrong with a title, or nil: empty, more than one line, a control
    /// character, a space at either end, longer than `maxTitleLength`.
    public static func problem(with title: String) -> String? {
        if title.isEmpty { return "title is empty" }
        for scalar in title.unicodeScalars {
            let code = scalar.codePoint
            switch scalar.properties.generalCategory {
            case .lineSeparator, .paragraphSeparator:
                return "title must be one line: it has a line break (\(code))"
            case .control:
                return ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}"].contains(scalar)
                    ? "title must be one line: it has a line break (\(code))"
                    : "title has a control character (\(code))"
            default: break
            }
        }
        if title.first!.isWhitespace || title.last!.isWhitespace {
            return "title starts or ends with a space"
        }
        if title.count > maxTitleLength {
            return "title is \(title.count) characters long: at most \(maxTitleLength)"
        }
        return nil
    }

    /// The title of a button type in a locale, in logical order with plain spaces.
    public func title(_ type: ButtonSpec.Kind, in locale: ButtonLocale) -> String {
        overrides[locale]?[type] ?? locale.title(type)
    }

    /// Whether `title(type, in: locale)` is a user's, not `LabelTable`'s.
    public func isOverridden(_ type: ButtonSpec.Kind, in locale: ButtonLocale) -> Bool {
        overrides[locale]?[type] != nil
    }

    /// The label drawn on a button, in logical order; nil for the logo-only mode.
    public func label(for spec: ButtonSpec) -> String? {
        spec.mode == .logo ? nil : title(spec.type, in: spec.locale)
    }

    /// Text for `alt`, `<title>` and PDF titles: the label, or the en_US sign-in
    /// title for the logo-only button (the logo endpoint takes no locale).
    public func accessibleTitle(for spec: ButtonSpec) -> String {
        label(for: spec) ?? title(.signIn, in: .default)
    }

    /// One replaced title.
    public struct Entry: Hashable, Sendable {
        /// The locale whose title is replaced.
        public var locale: ButtonLocale
        /// The button type whose title is replaced.
        public var type: ButtonSpec.Kind
        /// The title that replaces it, as given.
        public var title: String
    }

    /// The replaced titles, by locale code, then type in `Kind` order.
    public var entries: [Entry] {
        overrides.keys.sorted { $0.code < $1.code }.flatMap { locale in
            ButtonSpec.Kind.allCases.compactMap { type in
                overrides[locale]![type].map { Entry(locale: locale, type: type, title: $0) }
            }
        }
    }

    /// Whether every title is `LabelTable`'s.
    public var isStandard: Bool { overrides.isEmpty }

    /// The replaced titles as text, one `locale<TAB>type<TAB>title` line each, sorted;
    /// empty for the standard table. Equal tables give equal text (ETags digest it).
    public var canonicalText: String {
        entries.map { "\($0.locale.code)\t\($0.type.rawValue)\t\($0.title)\n" }.joined()
    }
}

/// A refused title override: the locale and type it was given for, and why.
public struct TitleOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The locale code as given (`de_DE`, or an unknown one).
    public var locale: String
    /// The type as given (`sign-in`); nil when the locale itself is refused.
    public var type: String?
    /// Why, without naming the locale or type (`title is empty`).
    public var message: String

    /// A refusal of the title given for `locale` and `type`.
    public init(locale: String, type: String?, message: String) {
        self.locale = locale
        self.type = type
        self.message = message
    }

    /// `de_DE.sign-in`, or the locale alone.
    public var field: String { type.map { "\(locale).\($0)" } ?? locale }

    /// `field: message` (`de_DE.sign-in: title is empty`).
    public var description: String { "\(field): \(message)" }
}

extension Unicode.Scalar {
    /// `U+000A`, `U+1F600`.
    package var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
