/// Characters of a replaced title the fonts lack (drawn as boxes: the title is
/// wrong), or that only a font of another locale has (drawn in that font's design).
public struct TitleGlyphProblem: Hashable, Sendable, CustomStringConvertible {
    /// Whether the characters have no font, or only another locale's.
    public enum Kind: Hashable, Sendable {
        /// No font has them.
        case missing
        /// Drawn from these fonts (families), which are not the locale's.
        case otherFont([String])
    }

    /// The locale whose title has the characters.
    public var locale: ButtonLocale
    /// Which of the locale's three titles.
    public var type: ButtonSpec.Kind
    /// The characters concerned, in the title's order.
    public var characters: [Unicode.Scalar]
    /// What is wrong with them.
    public var kind: Kind

    /// Whether the title would be drawn wrong (missing glyphs), not only in another design.
    public var isError: Bool { kind == .missing }

    /// `'ŋ' (U+014B), 'ħ' (U+0127)`.
    public var characterList: String {
        characters.map { "'\($0)' (\($0.codePoint))" }.joined(separator: ", ")
    }

    /// `de_DE.sign-in: ...`, without advice (which depends on the front end).
    public var description: String {
        switch kind {
        case .missing:
            "\(locale.code).\(type.rawValue): the fonts have no glyph for \(characterList)"
        case .otherFont(let families):
            "\(locale.code).\(type.rawValue): \(characterList) drawn with \(families.joined(separator: ", ")), "
                + "not this locale's font"
        }
    }
}

extension ButtonRenderer {
    /// Characters of the replaced titles that the fonts cannot draw as the locale's
    /// own fonts would, found by laying each title out as it is drawn. The built-in
    /// titles have none (the pinned fonts are subset to them).
    public func glyphProblems() -> [TitleGlyphProblem] {
        titles.entries.compactMap { entry in
            let sources = engines.with { engine in
                (engine.glyphSources(entry.locale.typeset(entry.title), style: entry.locale.textStyle), fontSize: nil, scale: 1)
            }
            let allowed = Set((fonts.userFamily.map { [$0] } ?? []) + entry.locale.fontFamilies)
            var missing: [Unicode.Scalar] = [], borrowed: [Unicode.Scalar] = [], families: [String] = []
            for (scalar, family) in sources {
                if let family {
                    if !allowed.contains(family) && !borrowed.contains(scalar) {
                        borrowed.append(scalar)
                        if !families.contains(family) { families.append(family) }
                    }
                } else if !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
            if !missing.isEmpty {
                return TitleGlyphProblem(locale: entry.locale, type: entry.type, characters: missing, kind: .missing)
            }
            if !borrowed.isEmpty {
                return TitleGlyphProblem(
                    locale: entry.locale, type: entry.type, characters: borrowed,
                    kind: .otherFont(families))
            }
            return nil
        }
    }
}
