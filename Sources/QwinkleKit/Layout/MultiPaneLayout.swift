/// A decorating layout whose decoration is a cascade of accessories: built from the two, not written again.
public struct MultiPaneLayout<Decorated: Layout, Accessory: Layout>: Layout
where Decorated.Content == Accessory.Content {
    /// The leaves of the content and the accessories.
    public typealias Content = Decorated.Content

    private var composed: DecoratingLayout<Decorated, CascadingLayout<Accessory>>

    /// Puts a cascade of `accessories` to the left of `content`.
    public init(content: Decorated, accessories: [Accessory], overlap: Double = 0.2, spacing: Double = 5) {
        composed = DecoratingLayout(
            content: content, decoration: CascadingLayout(children: accessories, overlap: overlap), spacing: spacing
        )
    }

    /// Places the cascade in the left third of `rect` and the content in the rest.
    public mutating func layout(in rect: Rect) {
        composed.layout(in: rect)
    }

    /// The accessories' leaves, back to front, then the content's.
    public var contents: [Content] { composed.contents }
}

/// Can be shared across tasks when its children can.
extension MultiPaneLayout: Sendable where Decorated: Sendable, Accessory: Sendable {}
