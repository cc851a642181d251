/// Something that can be told where it goes: talk 001's layout protocol.
///
/// A leaf (an SVG element, a terminal text cell, a view in an app) takes the rectangle as its frame. A layout
/// made of other layouts divides the rectangle among its children. Layouts are values, so composing them costs
/// no objects, and a layout can be tested with plain structs as leaves, without any GUI.
///
/// `Content` is what the layout finally shows: every child of one layout has the same `Content`, so a layout of
/// SVG elements can only hold SVG elements, and its `contents` can be added to one parent in drawing order.
public protocol Layout {
    /// The type of the leaves this layout shows.
    associatedtype Content

    /// Places the layout, and everything in it, in `rect`.
    mutating func layout(in rect: Rect)

    /// The leaves, in drawing order: the first is drawn first, so later ones appear on top.
    var contents: [Content] { get }
}
