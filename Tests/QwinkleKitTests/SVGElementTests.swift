import QwinkleKit
import Testing

@Suite("SVG elements")
struct SVGElementTests {
    @Test("Laying out an SVG element sets its frame attributes, keeping the others and their order")
    func layoutSetsFrame() {
        var element = SVGElement("svg", ["viewBox": "0 0 100 100", "x": "99"])
        element.layout(in: Rect(x: 10, y: 20.5, width: 500 / 3, height: 40))
        #expect(element.xml == #"<svg viewBox="0 0 100 100" x="10" y="20.5" width="166.67" height="40"/>"#)
        element.layout(in: Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(element.attributes.map(\.name) == ["viewBox", "x", "y", "width", "height"])
        #expect(element.contents == [element])
    }

    @Test("Attribute values and text are escaped, so text cannot become markup")
    func escaping() {
        let element = SVGElement("text", ["data-note": #"a "quoted" <tag> & 'apostrophe'"#], text: "<script>alert(1)</script> & co")
        #expect(element.xml == #"<text data-note="a &quot;quoted&quot; &lt;tag&gt; &amp; &apos;apostrophe&apos;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</text>"#)
    }

    @Test("Characters XML cannot hold are dropped; tabs, newlines, emoji and accents are kept")
    func invalidCharacters() {
        #expect(XMLEscaping.escape("a\u{0}b\u{1B}[31mc\u{FFFE}d") == "ab[31mcd")
        #expect(XMLEscaping.escape("tab\there\nnew 🦄 e\u{301} 漢") == "tab\there\nnew 🦄 e\u{301} 漢")
    }

    @Test("Elements nest, and an empty one closes itself")
    func nesting() {
        let group = SVGElement("g", children: [SVGElement("circle", ["r": "1"]), SVGElement("title", text: "Hi")])
        #expect(group.xml == #"<g><circle r="1"/><title>Hi</title></g>"#)
        #expect(group.document.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<g>"))
    }

    @Test("Setting an attribute replaces it in place, adds a new one last, and nil removes it")
    func attributeSubscript() {
        var element = SVGElement("rect", ["x": "1", "y": "2"])
        element[attribute: "x"] = "5"
        element[attribute: "fill"] = "red"
        element[attribute: "y"] = nil
        #expect(element.attributes == [.init("x", "5"), .init("fill", "red")])
        #expect(element[attribute: "fill"] == "red" && element[attribute: "y"] == nil)
    }

    static let numbers: [(Double, String)] = [
        (12, "12"), (500.0 / 3, "166.67"), (0.5, "0.5"), (1.05, "1.05"), (-3.5, "-3.5"), (-0.001, "0"), (0.004, "0"),
        (0.005, "0.01"), (2.999, "3"), (.nan, "0"), (.infinity, "0"), (1e20, "1000000000000"),
    ]

    @Test("Numbers are written with at most two decimals, no trailing zeros, no exponent and no -0", arguments: numbers)
    func numberFormat(value: Double, text: String) {
        #expect(SVGNumber.format(value) == text)
    }
}
