/// Talk 001's decorating layout: a small decoration in the left third, the content in the right two-thirds.
///
/// Every outer edge and the gutter between the two are `spacing` wide: the decoration is inset by `spacing` on
/// its top, left and bottom, the content on all four edges. The decoration and the content are different types
/// (a cascade of creatures beside a block of text) that show the same kind of leaves.
public struct DecoratingLayout<Decorated: Layout, Decoration: Layout>: Layout
where Decorated.Content == Decoration.Content {
    /// The leaves of both children.
    public typealias Content = Decorated.Content

    /// The main content, on the right.
    public var content: InsetLayout<Decorated>
    /// The decoration, on the left.
    public var decoration: InsetLayout<Decoration>

    /// Puts `decoration` to the left of `content`, with `spacing` around and between them.
    public init(content: Decorated, decoration: Decoration, spacing: Double = 5) {
        self.content = content.withInsets(all: spacing)
        self.decoration = decoration.withInsets(top: spacing, left: spacing, bottom: spacing)
    }

    /// Places the decoration in the left third of `rect` and the content in the rest.
    public mutating func layout(in rect: Rect) {
        let third = rect.width / 3
        decoration.layout(in: Rect(x: rect.minX, y: rect.minY, width: third, height: rect.height))
        content.layout(in: Rect(x: rect.minX + third, y: rect.minY, width: rect.width - third, height: rect.height))
    }

    /// The decoration's leaves, then the content's.
    public var contents: [Content] { decoration.contents + content.contents }
}

/// Can be shared across tasks when its children can.
extension DecoratingLayout: Sendable where Decorated: Sendable, Decoration: Sendable {}
