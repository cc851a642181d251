import QwinkleKit

/// Text made safe for HTML, for the few places a page builds markup itself rather than through a template.
enum HTML {
    /// The text with `& < > " '` escaped, fit for element content and quoted attributes; the same escaping as the
    /// dream cards' SVG, which HTML5 reads alike.
    static func escape(_ text: some StringProtocol) -> String {
        XMLEscaping.escape(String(text))
    }

    /// An entry's body as HTML, with the pieces `EntryText` finds made links: web links, `#tags` (to the tag's page)
    /// and `@mentions` of the accounts the server found when the entry was written (to their profile). A name the
    /// entry does not mention, or one of another server, stays text: linking it would suggest an account that is not
    /// there.
    static func linked(_ body: String, mentions: [Mention]) -> String {
        let mentioned = Set(mentions.filter { $0.host == nil }.map(\.username))
        return EntryText(body).segments.map { segment in
            switch segment {
            case .text(let text): escape(text)
            case .link(let link):
                "<a href=\"\(escape(link))\" rel=\"nofollow noopener noreferrer\">\(escape(link))</a>"
            case .mention(let written, let name):
                name.host == nil && mentioned.contains(name.username)
                    ? "<a class=\"mention\" href=\"/people/\(escape(name.username.urlComponentEscaped))\">\(escape(written))</a>"
                    : escape(written)
            case .tag(let written, let tag):
                "<a class=\"tag\" href=\"\(escape(tagPath(tag)))\">\(escape(written))</a>"
            }
        }.joined()
    }

    /// A tag's page, for its normalized name.
    static func tagPath(_ tag: String) -> String {
        "/tags/\(tag.urlComponentEscaped)"
    }
}
