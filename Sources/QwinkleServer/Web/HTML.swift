import QwinkleKit

/// Text made safe for HTML, for the few places a page builds markup itself rather than through a template.
enum HTML {
    /// The text with `& < > " '` escaped, fit for element content and quoted attributes; the same escaping as the
    /// dream cards' SVG, which HTML5 reads alike.
    static func escape(_ text: some StringProtocol) -> String {
        XMLEscaping.escape(String(text))
    }

    /// An entry's body as HTML, its links, tags and mentions made links (`EntryHTML.linked`).
    static func linked(_ body: String, mentions: [Mention]) -> String {
        EntryHTML.linked(body, mentions: mentions)
    }

    /// A tag's page, for its normalized name.
    static func tagPath(_ tag: String) -> String {
        EntryHTML.tagPath(tag)
    }
}
