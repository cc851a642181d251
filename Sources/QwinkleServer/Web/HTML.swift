import QwinkleKit

/// Text made safe for HTML, for the few places a page builds markup itself rather than through a template.
enum HTML {
    /// The text with `& < > " '` escaped, fit for element content and quoted attributes; the same escaping as the
    /// dream cards' SVG, which HTML5 reads alike.
    static func escape(_ text: some StringProtocol) -> String {
        XMLEscaping.escape(String(text))
    }

    /// An entry's body with its links made clickable: the same links the length rule counts, found by `LinkScanner`.
    static func linkified(_ body: String) -> String {
        LinkScanner.segments(of: body).map { segment in
            switch segment {
            case .text(let text): escape(text)
            case .link(let link):
                "<a href=\"\(escape(link))\" rel=\"nofollow noopener noreferrer\">\(escape(link))</a>"
            }
        }.joined()
    }
}
