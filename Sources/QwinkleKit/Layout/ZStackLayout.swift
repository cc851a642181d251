/// A layout that stacks any number of children in the same rectangle, the first at the back.
public struct ZStackLayout<Child: Layout>: Layout {
    /// The children's leaves.
    public typealias Content = Child.Content

    /// The children, back to front.
    public var children: [Child]

    /// Stacks `children`, the first at the back.
    public init(children: [Child]) {
        self.children = children
    }

    /// Places every child in all of `rect`.
    public mutating func layout(in rect: Rect) {
        for index in children.indices {
            children[index].layout(in: rect)
        }
    }

    /// Every child's leaves, back to front.
    public var contents: [Content] { children.flatMap(\.contents) }
}

/// Can be shared across tasks when its children can.
extension ZStackLayout: Sendable where Child: Sendable {}
