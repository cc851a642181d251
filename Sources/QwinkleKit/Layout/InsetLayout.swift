/// A layout that gives its child its own rectangle with the edges moved in.
public struct InsetLayout<Child: Layout>: Layout {
    /// The child's leaves.
    public typealias Content = Child.Content

    /// The layout that is inset.
    public var child: Child
    /// How far each edge moves in.
    public var insets: EdgeInsets

    /// Insets `child` by `insets`.
    public init(child: Child, insets: EdgeInsets) {
        self.child = child
        self.insets = insets
    }

    /// Places the child in `rect` less the insets.
    public mutating func layout(in rect: Rect) {
        child.layout(in: rect.inset(by: insets))
    }

    /// The child's leaves.
    public var contents: [Content] { child.contents }
}

/// Can be shared across tasks when its children can.
extension InsetLayout: Sendable where Child: Sendable {}

extension Layout {
    /// This layout, inset by `insets`.
    public func withInsets(_ insets: EdgeInsets) -> InsetLayout<Self> {
        InsetLayout(child: self, insets: insets)
    }

    /// This layout, inset by the named edges; an edge not named is not inset.
    public func withInsets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> InsetLayout<Self> {
        withInsets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
    }

    /// This layout, inset by the same amount on every edge.
    public func withInsets(all inset: Double) -> InsetLayout<Self> {
        withInsets(EdgeInsets(all: inset))
    }
}
