/// The Apple button no smaller than the other providers' buttons beside it (`--beside`).
enum Prominence: PageRule {
    static let rule = LintRule(
        id: "prominence", severity: .error, name: "Prominence",
        fix: "make the Apple button at least as wide and as tall as the other sign-in buttons",
        hig: "The Apple button is \"no smaller than other sign-in buttons\".",
        subjects: [.request, .image])

    static func findings(on button: ButtonOnPage) -> [LintFinding] {
        let width = button.width, height = button.height, beside = button.context.beside
        guard let bigger = beside.first(where: { width + 1e-9 < $0.width || height + 1e-9 < $0.height }) else { return [] }
        let needed = beside.reduce((width, height)) { (max($0.0, $1.width), max($0.1, $1.height)) }
        return [
            LintFinding(
                rule,
                "the Apple button (\(LintContext.Size(width: width, height: height))) is smaller than another sign-in button (\(bigger))",
                fix: "make it at least \(LintContext.Size(width: needed.0, height: needed.1))",
                mark: .whole(label: "smaller than \(bigger)"))
        ]
    }
}
