/// One SVG element as a value: a name, attributes in the order they are written, child elements and text.
///
/// Attributes keep their order (an array, not a dictionary) so the same element always serialises to the same
/// bytes, which the server's ETags rely on.
public struct SVGElement: Hashable, Sendable {
    /// One attribute of an element.
    public struct Attribute: Hashable, Sendable {
        /// The attribute's name, such as `fill`.
        public var name: String
        /// The attribute's value, unescaped.
        public var value: String

        /// Creates an attribute.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The element's name, such as `circle`.
    public var name: String
    /// The attributes, in the order they are written.
    public var attributes: [Attribute]
    /// The child elements, in drawing order.
    public var children: [SVGElement]
    /// Text inside the element, written before the children; unescaped.
    public var text: String

    /// Creates an element.
    public init(_ name: String, _ attributes: [Attribute] = [], text: String = "", children: [SVGElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// Creates an element from attribute pairs, written in the order given.
    public init(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String = "", children: [SVGElement] = []) {
        self.init(name, attributes.map { Attribute($0.key, $0.value) }, text: text, children: children)
    }

    /// An attribute's value; setting one that exists replaces it in place, a new one is added last, `nil` removes it.
    public subscript(attribute name: String) -> String? {
        get { attributes.first { $0.name == name }?.value }
        set {
            let index = attributes.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): attributes[index].value = value
            case (let index?, nil): attributes.remove(at: index)
            case (nil, let value?): attributes.append(Attribute(name, value))
            case (nil, nil): break
            }
        }
    }
}
