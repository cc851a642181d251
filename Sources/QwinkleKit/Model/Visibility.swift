/// Who may read an entry.
///
/// Its JSON spelling is `public`, `unlisted`, `followers`, `journal` or `private`; any other spelling fails to decode.
public enum Visibility: String, Hashable, Sendable, Codable, CaseIterable {
    /// Everyone, signed in or not.
    case `public`
    /// Everyone who has the link, and on the author's page, but listed only to the author's followers: never on the
    /// public or a tag's timeline, nor found by search, for anyone else (Mastodon's "unlisted", a quiet public).
    case unlisted
    /// The author's followers.
    case followers
    /// The author and the people the author shared the journal with.
    case journal
    /// The author alone.
    case `private`

    /// Whether the entry is seen beyond the author's journal, and so must be short.
    public var isShort: Bool {
        switch self {
        case .public, .unlisted, .followers: true
        case .journal, .private: false
        }
    }

    /// Whether anyone may read an entry of this visibility, signed in or not, given its link.
    public var isOpen: Bool { self == .public || self == .unlisted }

    /// Whether entries of this visibility are ever sent to other servers (and fetched by them): public, unlisted
    /// and followers-only ones. Journal and author-only entries never leave this server, nor does anything about them.
    public var leavesServer: Bool {
        switch self {
        case .public, .unlisted, .followers: true
        case .journal, .private: false
        }
    }

    /// Who will see an entry, in plain language for a visibility picker.
    public var audienceDescription: String {
        switch self {
        case .public: "Everyone, including people who are not signed in."
        case .unlisted: "Everyone with the link and on your page, but kept off public timelines and search."
        case .followers: "The people who follow you."
        case .journal: "You and the people you shared your journal with."
        case .private: "Only you."
        }
    }
}
