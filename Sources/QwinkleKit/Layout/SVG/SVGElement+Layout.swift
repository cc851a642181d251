/// An SVG element is a layout leaf, as a view is in talk 001: given a rectangle, it takes it as its frame.
///
/// SVG's frame is the `x`, `y`, `width` and `height` attributes, which `<svg>` (a nested viewport), `<rect>`,
/// `<image>`, `<use>` and `<foreignObject>` understand; a picture drawn in a nested `<svg>` with its own
/// `viewBox` is scaled into whatever frame the layout gives it.
extension SVGElement: Layout {
    /// An SVG layout shows SVG elements.
    public typealias Content = SVGElement

    /// Sets the frame attributes to `rect`.
    public mutating func layout(in rect: Rect) {
        self[attribute: "x"] = SVGNumber.format(rect.minX)
        self[attribute: "y"] = SVGNumber.format(rect.minY)
        self[attribute: "width"] = SVGNumber.format(rect.width)
        self[attribute: "height"] = SVGNumber.format(rect.height)
    }

    /// The element itself.
    public var contents: [SVGElement] { [self] }
}
