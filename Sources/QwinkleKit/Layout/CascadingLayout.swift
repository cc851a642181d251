/// A layout that fans its children out from the top-left corner to the bottom-right, like a spread of cards.
///
/// The geometry, for `n` children in a rectangle of size `w × h` with overlap `o` (default 0.2):
/// - every child has the same size, the rectangle's scaled by `s = 1 / (1 + o · (n − 1))`: `w·s × h·s`;
/// - child `i` (from 0) is moved down and right from the rectangle's origin by `i · o` of its own size:
///   `x = minX + i·o·w·s`, `y = minY + i·o·h·s`.
///
/// So the first child touches the top-left corner and the last one the bottom-right
/// (`(n − 1)·o·w·s + w·s = w`): the cascade exactly fills the rectangle, and each child shows the
/// `o` of the one before it. One child fills the whole rectangle; an overlap of 0 stacks every child in it.
public struct CascadingLayout<Child: Layout>: Layout {
    /// The children's leaves.
    public typealias Content = Child.Content

    /// The children, back to front: the first is at the top left, behind the rest.
    public var children: [Child]
    /// How much of each child shows from under the next, as a fraction of a child's size (0.2: a fifth).
    public var overlap: Double

    /// Cascades `children`; `overlap` below 0 is taken as 0.
    public init(children: [Child], overlap: Double = 0.2) {
        self.children = children
        self.overlap = max(0, overlap)
    }

    /// Places the children in a cascade that fills `rect`.
    public mutating func layout(in rect: Rect) {
        guard !children.isEmpty else { return }
        let scale = 1 / (1 + overlap * Double(children.count - 1))
        let childSize = rect.size.scaled(by: scale)
        for index in children.indices {
            let step = Double(index) * overlap
            let origin = Point(x: rect.minX + step * childSize.width, y: rect.minY + step * childSize.height)
            children[index].layout(in: Rect(origin: origin, size: childSize))
        }
    }

    /// Every child's leaves, back to front.
    public var contents: [Content] { children.flatMap(\.contents) }
}

/// Can be shared across tasks when its children can.
extension CascadingLayout: Sendable where Child: Sendable {}
