/// One piece of an HTML document, as `HTMLTokenizer` reads it: text with its character references decoded, a start
/// tag with its attributes (names lowercased, values decoded), or an end tag. Comments, doctypes and processing
/// instructions are read and dropped; so is what a raw-text element (a script, a style…) holds.
enum HTMLToken: Hashable, Sendable {
    /// Text, as a reader sees it.
    case text(String)
    /// `<name attribute="value"…>`; `selfClosing` for `<name/>`.
    case start(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// `</name>`.
    case end(name: String)
}

/// An attribute of a start tag: its name lowercased, its value decoded (empty for an attribute without one).
struct HTMLAttribute: Hashable, Sendable {
    /// The name, lowercased.
    var name: String
    /// The value, character references decoded.
    var value: String
}

/// Reads HTML as the WHATWG tokenizer does in its data state, for what another server sends: tags and their
/// attributes (quoted with either quote or unquoted), character references (named, decimal and hexadecimal, with the
/// spec's replacements for the invalid ones), comments and markup declarations skipped, and the raw-text elements
/// read to their own end tag. What is not a tag is text: a `<` that opens nothing is the character `<`, and a tag cut
/// off by the end of the input is dropped. It builds no tree: `RemoteHTML` keeps its own stack of what it allows.
struct HTMLTokenizer: Sequence, IteratorProtocol {
    /// The elements whose content is not markup: read whole up to their end tag, and never shown.
    static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "template", "svg", "math",
    ]

    private let input: [Unicode.Scalar]
    private var index = 0
    /// A start tag read together with the text run it ended, waiting to be returned after it.
    private var pending: HTMLToken?

    /// A tokenizer of `html`.
    init(_ html: String) {
        input = Array(html.unicodeScalars)
    }

    /// The next token, or `nil` at the end of the input.
    mutating func next() -> HTMLToken? {
        if let pending {
            self.pending = nil
            return pending
        }
        var text = String.UnicodeScalarView()
        while index < input.count {
            let scalar = input[index]
            if scalar == "<" {
                switch tag() {
                case .token(let token):
                    if text.isEmpty { return token }
                    pending = token
                    return .text(String(text))
                case .skipped:
                    continue
                case .notATag:
                    text.append(scalar)
                    index += 1
                }
            } else if scalar == "&" {
                index += 1
                text.append(contentsOf: characterReference(inAttribute: false))
            } else {
                // A NUL is never text a reader should get.
                text.append(scalar == "\0" ? "\u{FFFD}" : scalar)
                index += 1
            }
        }
        return text.isEmpty ? nil : .text(String(text))
    }

    /// What a `<` began.
    private enum TagOutcome {
        /// A tag.
        case token(HTMLToken)
        /// Something read and dropped: a comment, a doctype, a raw-text element, a tag the input cut off.
        case skipped
        /// Nothing: the `<` is text, and nothing was read.
        case notATag
    }

    // MARK: Tags

    /// Reads what starts at a `<`.
    private mutating func tag() -> TagOutcome {
        guard index + 1 < input.count else { return .notATag }
        let next = input[index + 1]
        if next == "!" || next == "?" {
            skipMarkupDeclaration()
            return .skipped
        }
        if next == "/" {
            guard index + 2 < input.count else { return .notATag }
            if Self.isASCIILetter(input[index + 2]) {
                index += 2
                let name = tagName()
                // An end tag's attributes mean nothing; they are read past.
                guard attributes() != nil else {
                    index = input.count
                    return .skipped
                }
                return .token(.end(name: name))
            }
            // `</>` is nothing at all; `</` before anything else begins a bogus comment, up to the next `>`.
            index += 2
            skip(past: ">")
            return .skipped
        }
        guard Self.isASCIILetter(next) else { return .notATag }
        index += 1
        let name = tagName()
        guard let (attributes, selfClosing) = attributes() else {
            // The input ended inside the tag: the spec drops it.
            index = input.count
            return .skipped
        }
        if Self.rawTextElements.contains(name) && !selfClosing {
            skipRawText(of: name)
            return .skipped
        }
        return .token(.start(name: name, attributes: attributes, selfClosing: selfClosing))
    }

    /// A tag's name, lowercased, up to whitespace, `/` or `>`.
    private mutating func tagName() -> String {
        var name = String.UnicodeScalarView()
        while index < input.count, !Self.isWhitespace(input[index]), input[index] != "/", input[index] != ">" {
            name.append(Self.lowercased(input[index]))
            index += 1
        }
        return String(name)
    }

    /// A tag's attributes (the first of each name, as the spec keeps) up to and past its `>`, and whether it closed
    /// with `/>`; `nil` if the input ends first.
    private mutating func attributes() -> (attributes: [HTMLAttribute], selfClosing: Bool)? {
        var attributes: [HTMLAttribute] = []
        var selfClosing = false
        while index < input.count {
            let scalar = input[index]
            if Self.isWhitespace(scalar) {
                index += 1
                continue
            }
            if scalar == ">" {
                index += 1
                return (attributes, selfClosing)
            }
            if scalar == "/" {
                index += 1
                selfClosing = index < input.count && input[index] == ">"
                continue
            }
            selfClosing = false
            var name = String.UnicodeScalarView()
            // The first character may be `=`; after it, a name runs to whitespace, `/`, `>` or `=`.
            repeat {
                name.append(Self.lowercased(input[index]))
                index += 1
            } while index < input.count && !Self.isWhitespace(input[index]) && !["/", ">", "="].contains(input[index])
            while index < input.count, Self.isWhitespace(input[index]) { index += 1 }
            var value = ""
            if index < input.count, input[index] == "=" {
                index += 1
                while index < input.count, Self.isWhitespace(input[index]) { index += 1 }
                guard index < input.count else { return nil }
                value = attributeValue()
            }
            let attribute = HTMLAttribute(name: String(name), value: value)
            if !attributes.contains(where: { $0.name == attribute.name }) { attributes.append(attribute) }
        }
        return nil
    }

    /// An attribute's value, quoted or not, with its character references decoded.
    private mutating func attributeValue() -> String {
        var value = String.UnicodeScalarView()
        let quote = input[index]
        let quoted = quote == "\"" || quote == "'"
        if quoted { index += 1 }
        while index < input.count, quoted ? input[index] != quote : !Self.isWhitespace(input[index]) && input[index] != ">" {
            if input[index] == "&" {
                index += 1
                value.append(contentsOf: characterReference(inAttribute: true))
            } else {
                value.append(input[index] == "\0" ? "\u{FFFD}" : input[index])
                index += 1
            }
        }
        // Past the closing quote (an unquoted value ends where its terminator is, which the caller reads).
        if quoted { index += 1 }
        return String(value)
    }

    /// Skips a comment (`<!-- … -->`), a doctype, CDATA or a processing instruction: whatever starts with `<!` or `<?`.
    private mutating func skipMarkupDeclaration() {
        if index + 3 < input.count, input[index + 2] == "-", input[index + 3] == "-" {
            index += 4
            // `<!-->` and `<!--->` end at once, as the spec has them.
            if index < input.count, input[index] == ">" {
                index += 1
                return
            }
            if index + 1 < input.count, input[index] == "-", input[index + 1] == ">" {
                index += 2
                return
            }
            while index < input.count {
                if Self.matches("-->", in: input, at: index) {
                    index += 3
                    return
                }
                if Self.matches("--!>", in: input, at: index) {
                    index += 4
                    return
                }
                index += 1
            }
            return
        }
        index += 2
        skip(past: ">")
    }

    /// Skips to just past the next `terminator` (or to the end).
    private mutating func skip(past terminator: Unicode.Scalar) {
        while index < input.count, input[index] != terminator { index += 1 }
        index = Swift.min(index + 1, input.count)
    }

    /// Skips a raw-text element's content and its end tag (`</name` in any case, followed by whitespace, `/` or `>`).
    private mutating func skipRawText(of name: String) {
        let closing = Array(("</" + name).unicodeScalars)
        while index < input.count {
            if input[index] == "<", index + closing.count <= input.count,
                zip(closing, input[index..<index + closing.count]).allSatisfy({ $0 == Self.lowercased($1) })
            {
                let after = index + closing.count
                if after == input.count || Self.isWhitespace(input[after]) || input[after] == "/" || input[after] == ">" {
                    index = after
                    skip(past: ">")
                    return
                }
            }
            index += 1
        }
    }

    // MARK: Character references

    /// The characters a reference just after an `&` stands for (the `&` itself, and nothing read, when it is none).
    /// In an attribute, a named reference without its `;` followed by `=` or an alphanumeric is not one.
    private mutating func characterReference(inAttribute: Bool) -> [Unicode.Scalar] {
        guard index < input.count else { return ["&"] }
        if input[index] == "#" { return numericReference() }
        var name = ""
        var end = index
        var best: (length: Int, value: String)?
        while end < input.count, end - index < HTMLEntities.longestName, Self.isASCIIAlphanumeric(input[end]) {
            name.unicodeScalars.append(input[end])
            end += 1
            if end < input.count, input[end] == ";", let value = HTMLEntities.named[name] {
                best = (end + 1 - index, value)
                break
            }
            if let value = HTMLEntities.legacy[name] { best = (end - index, value) }
        }
        guard let best else { return ["&"] }
        let after = index + best.length
        let terminated = input[after - 1] == ";"
        if !terminated, inAttribute, after < input.count, input[after] == "=" || Self.isASCIIAlphanumeric(input[after]) {
            return ["&"]
        }
        index = after
        return Array(best.value.unicodeScalars)
    }

    /// A `&#…;` or `&#x…;` reference: its character, with the spec's replacements for NUL, surrogates, values past
    /// Unicode and the C1 controls Windows-1252 gives characters to.
    private mutating func numericReference() -> [Unicode.Scalar] {
        var cursor = index + 1
        let hexadecimal = cursor < input.count && (input[cursor] == "x" || input[cursor] == "X")
        if hexadecimal { cursor += 1 }
        var value: UInt32 = 0
        var digits = 0
        while cursor < input.count, let digit = Self.digit(input[cursor], hexadecimal: hexadecimal) {
            value = value > 0x10FFFF ? value : value * (hexadecimal ? 16 : 10) + digit
            digits += 1
            cursor += 1
        }
        guard digits > 0 else { return ["&"] }
        if cursor < input.count, input[cursor] == ";" { cursor += 1 }
        index = cursor
        if let replacement = HTMLEntities.windows1252[value] { return [replacement] }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return ["\u{FFFD}"] }
        return [scalar]
    }

    // MARK: Characters

    /// Whether `text` is at `index` of `input`.
    private static func matches(_ text: String, in input: [Unicode.Scalar], at index: Int) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return index + scalars.count <= input.count && zip(scalars, input[index..<index + scalars.count]).allSatisfy { $0 == $1 }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar)
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    private static func digit(_ scalar: Unicode.Scalar, hexadecimal: Bool) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f" where hexadecimal: scalar.value - 87
        case "A"..."F" where hexadecimal: scalar.value - 55
        default: nil
        }
    }
}
