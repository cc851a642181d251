import Foundation

/// Another server's HTML (a note's content, an actor's summary) as Qwinkle keeps it: read by `HTMLTokenizer`, reduced
/// to an allow-list, written again by Qwinkle itself, and beside it the plain text that search, the length rule and
/// the text clients read.
///
/// The allow-list is Mastodon's strict one: paragraphs and line breaks, links to `http` and `https` addresses (with
/// `rel="nofollow noopener noreferrer"`), the classes of mentions and hashtags and of Mastodon's shortened links,
/// emphasis, code and preformatted text, lists and block quotes. A heading becomes a paragraph in bold; any other
/// element is left out and its text kept (a script's or a style's is not text); a block of another kind (a `div`, a
/// table's row) still ends a paragraph. Nothing of the input is copied as markup: every tag and attribute written is
/// one of the list, every text and value escaped, so nothing in it can run, restyle a page or hide a link.
enum RemoteHTML {
    /// The most characters kept of one text; another server's notes may be far longer than Qwinkle's.
    static let maxCharacters = 5_000

    /// What is kept of a piece of another server's HTML.
    struct Kept: Hashable, Sendable {
        /// The HTML reduced to the allow-list.
        var html: String
        /// Its text: paragraphs apart by an empty line, line breaks kept, a link whose text does not say where it
        /// goes followed by its address in brackets.
        var text: String

        /// Adds a paragraph after what is kept: its text after an empty line, its HTML as given.
        mutating func append(text paragraph: String, html: String) {
            text = text.isEmpty ? paragraph : text + "\n\n" + paragraph
            self.html += html
        }
    }

    /// The text of `html`.
    static func text(_ html: String) -> String {
        kept(html).text
    }

    /// `html` reduced to the allow-list, with its text.
    static func kept(_ html: String) -> Kept {
        var reducer = Reducer()
        for token in HTMLTokenizer(html) { reducer.take(token) }
        return reducer.finished()
    }

    /// The elements kept as they are.
    private static let inline: Set<String> = ["a", "span", "em", "strong", "b", "i", "u", "del", "code"]
    /// Elements kept as another of the list: `s` and `strike` are deletions, `tt` and `kbd` code. (An insertion is
    /// text: Mastodon shows `<ins>` as its words alone.)
    private static let renamed: [String: String] = ["s": "del", "strike": "del", "tt": "code", "kbd": "code", "samp": "code"]
    /// The blocks kept: a paragraph ends where one of these begins or ends.
    private static let blocks: Set<String> = ["p", "pre", "blockquote", "ul", "ol", "li"]
    /// The headings, kept as paragraphs in bold.
    private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Blocks left out that still end a paragraph, as they end a line where the sender showed them.
    private static let otherBlocks: Set<String> = [
        "div", "section", "article", "header", "footer", "aside", "nav", "main", "figure", "figcaption", "table", "thead", "tbody",
        "tfoot", "tr", "td", "th", "caption", "dl", "dt", "dd", "address", "details", "summary", "hr", "center", "form", "fieldset",
        "hgroup", "search", "menu",
    ]
    /// The classes kept on a link and on a span: mentions, hashtags and Mastodon's shortened links.
    private static let linkClasses: Set<String> = ["mention", "hashtag", "u-url", "h-card", "status-link"]
    private static let spanClasses: Set<String> = ["h-card", "invisible", "ellipsis"]

    /// An element of the input still open, and what was written for it (nothing for one left out).
    private struct Open {
        /// Its name in the input (`#p` for a paragraph Qwinkle opened itself).
        var source: String
        /// The elements written for it, outermost first.
        var written: [String]
        /// For a link: its address, and where its text began in the text kept.
        var link: (href: String, textStart: Int)?
    }

    /// Turns tokens into the kept HTML and text, keeping its own stack of open elements.
    private struct Reducer {
        var html = ""
        var text: [Character] = []
        var stack: [Open] = []

        /// Whether text now goes into a block written for it (a paragraph, a list item, a quote, preformatted text).
        private var inBlock: Bool {
            stack.contains { $0.written.contains { ["p", "li", "blockquote", "pre"].contains($0) } }
        }

        private var inPre: Bool { stack.contains { $0.written.contains("pre") } }

        mutating func take(_ token: HTMLToken) {
            switch token {
            case .text(let string):
                takeText(string)
            case .start(let name, let attributes, let selfClosing):
                start(name, attributes: attributes, selfClosing: selfClosing)
            case .end(let name):
                end(name)
            }
        }

        private mutating func takeText(_ string: String) {
            if inPre {
                html += RemoteHTML.escaped(string)
                text += string
                return
            }
            // Outside preformatted text, a run of whitespace is one space, as a browser shows it.
            var collapsed = ""
            var lastWasSpace = text.last.map { $0 == " " || $0 == "\n" } ?? true
            for character in string {
                if character.isWhitespace {
                    if !lastWasSpace { collapsed.append(" ") }
                    lastWasSpace = true
                } else {
                    collapsed.append(character)
                    lastWasSpace = false
                }
            }
            guard !collapsed.isEmpty else { return }
            if !inBlock {
                guard !collapsed.allSatisfy({ $0 == " " }) else { return }
                openImplicitParagraph()
                if collapsed.first == " " { collapsed.removeFirst() }
            }
            html += RemoteHTML.escaped(collapsed)
            text += collapsed
        }

        private mutating func start(_ rawName: String, attributes: [HTMLAttribute], selfClosing: Bool) {
            let name = RemoteHTML.renamed[rawName] ?? rawName
            if name == "br" {
                if !inBlock { openImplicitParagraph() }
                html += "<br>"
                text.append("\n")
                return
            }
            if RemoteHTML.blocks.contains(name) || RemoteHTML.headings.contains(name) || RemoteHTML.otherBlocks.contains(name) {
                startBlock(rawName, as: name)
                return
            }
            guard !selfClosing else { return }
            guard RemoteHTML.inline.contains(name) else {
                // Left out, its text kept: its end tag closes nothing written.
                stack.append(Open(source: rawName, written: []))
                return
            }
            var open = Open(source: rawName, written: [])
            var tag = name
            switch name {
            case "a":
                // A link inside a link ends the first, as browsers read it.
                if let outer = stack.lastIndex(where: { $0.source == "a" }) { close(downTo: outer) }
                guard let href = attributes.first(where: { $0.name == "href" }).map(\.value).flatMap(RemoteHTML.webAddress) else {
                    stack.append(open)
                    return
                }
                tag += " href=\"\(RemoteHTML.escaped(href, quote: true))\""
                let classes = RemoteHTML.classes(attributes, keeping: RemoteHTML.linkClasses)
                if !classes.isEmpty { tag += " class=\"\(classes)\"" }
                tag += " rel=\"nofollow noopener noreferrer\" target=\"_blank\""
                open.link = (href, text.count)
            case "span":
                let classes = RemoteHTML.classes(attributes, keeping: RemoteHTML.spanClasses)
                guard !classes.isEmpty else {
                    stack.append(open)
                    return
                }
                tag += " class=\"\(classes)\""
            default:
                break
            }
            if !inBlock { openImplicitParagraph() }
            html += "<\(tag)>"
            open.written = [name]
            stack.append(open)
        }

        /// A block begins: the paragraph open (and what is open inside it) ends first, since a paragraph holds no block.
        private mutating func startBlock(_ rawName: String, as name: String) {
            if let paragraph = stack.firstIndex(where: { $0.written.contains("p") }) { close(downTo: paragraph) }
            if name == "li", let item = stack.lastIndex(where: { $0.written.contains("li") }),
                !stack[item...].contains(where: { $0.written.contains("ul") || $0.written.contains("ol") })
            {
                close(downTo: item)
            }
            breakText(paragraph: name != "li")
            if RemoteHTML.headings.contains(name) {
                html += "<p><strong>"
                stack.append(Open(source: rawName, written: ["p", "strong"]))
            } else if RemoteHTML.blocks.contains(name) {
                html += "<\(name)>"
                stack.append(Open(source: rawName, written: [name]))
            } else if name != "hr" {
                stack.append(Open(source: rawName, written: []))
            }
        }

        private mutating func end(_ rawName: String) {
            let name = RemoteHTML.renamed[rawName] ?? rawName
            if name == "br" {
                // `</br>` is read as `<br>`, as browsers do.
                start("br", attributes: [], selfClosing: true)
                return
            }
            guard let index = stack.lastIndex(where: { $0.source == rawName }) else { return }
            close(downTo: index)
            if RemoteHTML.blocks.contains(name) || RemoteHTML.headings.contains(name) || RemoteHTML.otherBlocks.contains(name) {
                breakText(paragraph: name != "li")
            }
        }

        /// Closes the elements open from the top of the stack down to `index`, that one included.
        private mutating func close(downTo index: Int) {
            while stack.count > index {
                let open = stack.removeLast()
                for name in open.written.reversed() {
                    // A space before a block's end shows nothing (outside preformatted text, which keeps its own).
                    if ["p", "li", "blockquote"].contains(name), !inPre { while html.hasSuffix(" ") { html.removeLast() } }
                    html += "</\(name)>"
                }
                if let link = open.link { addressUnlessShown(link.href, textStart: link.textStart) }
                if open.written.contains("p") || open.written.contains("li") || open.written.contains("blockquote") || open.written.contains("pre") {
                    breakText(paragraph: !open.written.contains("li"))
                }
            }
        }

        /// Text that is not in a block yet goes into a paragraph of its own, which the next block ends.
        private mutating func openImplicitParagraph() {
            breakText(paragraph: true)
            html += "<p>"
            stack.append(Open(source: "#p", written: ["p"]))
        }

        /// Ends the text's line (or paragraph), once however many blocks end there.
        private mutating func breakText(paragraph: Bool) {
            while text.last == " " { text.removeLast() }
            guard !text.isEmpty else { return }
            let wanted = paragraph ? 2 : 1
            let present = text.reversed().prefix { $0 == "\n" }.count
            if present < wanted { text += Array(repeating: "\n", count: wanted - present) }
        }

        /// After a link's text: its address in brackets, unless the text is the address (or a shortened form of it),
        /// a mention or a hashtag.
        private mutating func addressUnlessShown(_ href: String, textStart: Int) {
            guard textStart <= text.count else { return }
            let shown = String(text[textStart...]).trimmingCharacters(in: .whitespacesAndNewlines)
            if shown.hasPrefix("@") || shown.hasPrefix("#") || RemoteHTML.showsAddress(shown, of: href) { return }
            text += Array(shown.isEmpty ? href : " (\(href))")
        }

        mutating func finished() -> Kept {
            close(downTo: 0)
            var html = self.html
            while let empty = html.range(of: "<p></p>") { html.removeSubrange(empty) }
            let lines = String(text).split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var kept = lines.joined(separator: "\n")
            while kept.contains("\n\n\n") { kept = kept.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
            kept = kept.trimmingCharacters(in: .whitespacesAndNewlines)
            if kept.count > RemoteHTML.maxCharacters { kept = String(kept.prefix(RemoteHTML.maxCharacters - 1)) + "…" }
            return Kept(html: html, text: kept)
        }
    }

    /// `value` as an `http` or `https` address to link to, or `nil` for any other (`javascript:`, `data:`, relative).
    static func webAddress(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return nil
        }
        return trimmed
    }

    /// Whether a link's text says where it goes: the address itself, without its scheme or `www.`, or cut short with
    /// an ellipsis, as Mastodon shows long links.
    private static func showsAddress(_ shown: String, of href: String) -> Bool {
        func plain(_ address: String) -> String {
            var address = address.lowercased()
            for prefix in ["https://", "http://", "www."] where address.hasPrefix(prefix) { address.removeFirst(prefix.count) }
            while address.hasSuffix("/") { address.removeLast() }
            return address
        }
        let text = plain(shown)
        let target = plain(href)
        if text == target { return true }
        if text.hasSuffix("…") { return target.hasPrefix(String(text.dropLast())) }
        return false
    }

    /// The classes of `attributes` among `allowed`, in their order, space-separated.
    private static func classes(_ attributes: [HTMLAttribute], keeping allowed: Set<String>) -> String {
        let named = attributes.first { $0.name == "class" }?.value.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        var kept: [String] = []
        for name in named where allowed.contains(name) && !kept.contains(name) { kept.append(name) }
        return kept.joined(separator: " ")
    }

    /// Text made safe to write into HTML: in text, or in a quoted attribute value with `quote`.
    static func escaped(_ text: String, quote: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quote: escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
