extension SVGElement {
    /// The element as XML text, every attribute value and text escaped, with no added whitespace.
    public var xml: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// A standalone SVG document: the element, which should be an `<svg>`, after an XML declaration.
    public var document: String {
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        // A card is a few kilobytes; growing a string that far from empty would copy it a dozen times.
        output.reserveCapacity(16_384)
        write(to: &output)
        output += "\n"
        return output
    }

    private func write(to output: inout String) {
        output += "<"
        output += name
        for attribute in attributes {
            output += " "
            output += attribute.name
            output += "=\""
            output += XMLEscaping.escape(attribute.value)
            output += "\""
        }
        guard !text.isEmpty || !children.isEmpty else {
            output += "/>"
            return
        }
        output += ">"
        output += XMLEscaping.escape(text)
        for child in children {
            child.write(to: &output)
        }
        output += "</"
        output += name
        output += ">"
    }
}
