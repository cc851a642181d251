import Foundation

/// An entry's body as HTML, for every front door that shows one (the web app's pages, Mastodon's `content`).
public enum EntryHTML {
    /// The body with `& < > " '` escaped and the pieces `EntryText` finds made links: web links, `#tags` (to the
    /// tag's page) and `@mentions` of the accounts the server found when the entry was written (to their profile
    /// here, a person of another server's included). A name the entry does not mention stays text: linking it would
    /// suggest an account that is not there. Paths start at `base` (empty for links relative to the site).
    public static func linked(_ body: String, mentions: [Mention], base: String = "") -> String {
        linked(EntryText(body), mentions: mentions, base: base)
    }

    /// How mentions and tags are marked up.
    public enum Markup: Sendable {
        /// Qwinkle's own: its pages' classes, every mention linked to its page here.
        case qwinkle
        /// Mastodon's, for what other servers and Mastodon apps read: a mention as an `h-card` whose link (class
        /// `u-url mention`) goes to `profiles[account]` when given (a person elsewhere's own page), else to their page
        /// here, and shows `@username`; a tag as a link of class `mention hashtag`, `rel="tag"`.
        case mastodon(profiles: [Account.ID: String])
    }

    /// `linked` for a text already split, in `markup`.
    public static func linked(_ text: EntryText, mentions: [Mention], base: String = "", markup: Markup = .qwinkle) -> String {
        let mentioned = Dictionary(mentions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return text.segments.map { segment in
            switch segment {
            case .text(let text): escape(text)
            case .link(let link):
                "<a href=\"\(escape(link))\" rel=\"nofollow noopener noreferrer\">\(escape(link))</a>"
            case .mention(let written, let name):
                if let mention = mentioned[name] {
                    switch markup {
                    case .qwinkle:
                        "<a class=\"mention\" href=\"\(escape(base + profilePath(name.text)))\">\(escape(written))</a>"
                    case .mastodon(let profiles):
                        "<span class=\"h-card\" translate=\"no\"><a href=\"\(escape(profiles[mention.account] ?? base + profilePath(name.text)))\" "
                            + "class=\"u-url mention\">@<span>\(escape(name.username))</span></a></span>"
                    }
                } else {
                    escape(written)
                }
            case .tag(let written, let tag):
                switch markup {
                case .qwinkle: "<a class=\"tag\" href=\"\(escape(base + tagPath(tag)))\">\(escape(written))</a>"
                case .mastodon:
                    "<a href=\"\(escape(base + tagPath(tag)))\" class=\"mention hashtag\" rel=\"tag\">#<span>\(escape(written.dropFirst()))</span></a>"
                }
            }
        }.joined()
    }

    /// The body as paragraphs: `linked`, with a blank line starting a new `<p>` and a line break a `<br>`.
    public static func paragraphs(_ body: String, mentions: [Mention], base: String = "") -> String {
        paragraphs(EntryText(body), mentions: mentions, base: base)
    }

    /// `paragraphs` for a text already split, in `markup`.
    public static func paragraphs(_ text: EntryText, mentions: [Mention], base: String = "", markup: Markup = .qwinkle) -> String {
        let linked = linked(text, mentions: mentions, base: base, markup: markup).replacingOccurrences(of: "\r\n", with: "\n")
        return linked.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { paragraph in
            "<p>" + paragraph.replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }.joined()
    }

    /// The content's lines as paragraphs to follow its text, for a rendering with no place of its own for them
    /// (Mastodon's `content`): `<p>Location: Harbour café</p>`, nothing for none.
    public static func lines(of content: EntryContent) -> String {
        ContentLine.shown.compactMap { line in content[line: line].map { "<p>\(escape(line.label)): \(escape($0))</p>" } }.joined()
    }

    /// Media kept as links, as paragraphs to follow a note's HTML: each a link to where it is, shown as its
    /// description (or its address), that opens elsewhere and tells that server nothing of the page.
    public static func linkedMedia(_ media: [LinkedMedia]) -> String {
        media.map { item in
            "<p>" + link(to: item.url, shown: item.description.isEmpty ? item.url : String(item.description.prefix(200))) + "</p>"
        }.joined()
    }

    /// A link to another server's page (`address`, a web address), shown as `shown` (its address by default), that
    /// opens elsewhere and tells that server nothing of the page.
    public static func link(to address: String, shown: String? = nil) -> String {
        "<a href=\"\(escape(address))\" rel=\"nofollow noopener noreferrer\" target=\"_blank\">\(escape(shown ?? address))</a>"
    }

    /// A note of another server's HTML as readers are shown it: its HTML, then its linked media; `nil` for what is
    /// written here.
    public static func shown(_ content: EntryContent) -> String? {
        content.html.map { $0 + linkedMedia(content.linkedMedia) }
    }

    /// The text escaped for element content and quoted attributes.
    public static func escape(_ text: some StringProtocol) -> String {
        XMLEscaping.escape(String(text))
    }

    /// A tag's page, for its normalized name.
    public static func tagPath(_ tag: String) -> String {
        "/tags/\(tag.urlComponentEscaped)"
    }

    /// A person's profile page.
    public static func profilePath(_ username: String) -> String {
        "/people/\(username.urlComponentEscaped)"
    }

    /// An entry's page.
    public static func entryPath(_ id: Entry.ID) -> String {
        "/entries/\(id.rawValue)"
    }
}
