/// The button as vector art: filled outlines in points, back to front. SVG, PDF and
/// Android's VectorDrawable are all written from it; each writer only replays paths.
/// Built from a `ButtonLayout` plus the label's glyph outlines, which only the text
/// engine (Pango) can give: see `ButtonRenderer.scene(_:)`.
public struct ButtonScene: Hashable, Sendable {
    /// Button width in points (the layout's).
    public var width: Double
    /// Button height in points (the layout's).
    public var height: Double
    /// The filled outlines, back to front.
    public var items: [Item]

    /// One filled outline.
    public struct Item: Hashable, Sendable {
        /// What it draws.
        public var role: Role
        /// The outline, in points.
        public var path: VectorPath
        /// Its colour: black or white.
        public var fill: Ink
        /// How its overlapping contours fill.
        public var rule: FillRule

        /// An item, filled with the non-zero rule unless told otherwise.
        public init(role: Role, path: VectorPath, fill: Ink, rule: FillRule = .nonZero) {
            self.role = role; self.path = path; self.fill = fill; self.rule = rule
        }
    }

    /// What an item draws (for tests and for readers of the files, not for drawing).
    public enum Role: String, Hashable, Sendable {
        /// The outer shape of a bordered button, in black under the face.
        case border
        /// The button's face.
        case background
        /// The Apple logo.
        case logo
        /// The title's glyphs, as the text engine shapes them.
        case label
    }

    /// How overlapping contours fill; fonts and the logo are drawn for non-zero.
    public enum FillRule: String, Hashable, Sendable {
        /// The non-zero winding rule or the even-odd rule (Cairo's `WINDING`, `EVEN_ODD`).
        case nonZero, evenOdd
    }

    /// A scene of the given size in points and items, back to front.
    public init(width: Double, height: Double, items: [Item]) {
        self.width = width; self.height = height; self.items = items
    }

    /// The layout's shapes as the painter fills them (the border as the black shape
    /// under the face, as drawn today), the logo, then the label's outline, if any.
    public init(_ layout: ButtonLayout, labelOutline: VectorPath?) {
        var items: [Item] = []
        for (index, shape) in layout.shapes.enumerated() {
            let role: Role = index < layout.shapes.count - 1 ? .border : .background
            items.append(Item(role: role, path: VectorPath(shape.outline), fill: shape.fill))
        }
        items.append(Item(role: .logo, path: VectorPath(appleLogoIn: layout.logo), fill: layout.foreground))
        if let labelOutline, !labelOutline.isEmpty {
            items.append(Item(role: .label, path: labelOutline, fill: layout.foreground))
        }
        self.init(width: layout.width, height: layout.height, items: items)
    }

    /// The items of one role, in drawing order.
    public func items(_ role: Role) -> [Item] { items.filter { $0.role == role } }
}
