/// Who may read an entry.
///
/// Its JSON spelling is `public`, `followers`, `journal` or `private`; any other spelling fails to decode.
public enum Visibility: String, Hashable, Sendable, Codable, CaseIterable {
    /// Everyone, signed in or not.
    case `public`
    /// The author's followers.
    case followers
    /// The author and the people the author shared the journal with.
    case journal
    /// The author alone.
    case `private`

    /// Whether the entry is seen beyond the author's journal, and so must be short.
    public var isShort: Bool {
        switch self {
        case .public, .followers: true
        case .journal, .private: false
        }
    }

    /// Whether entries of this visibility are ever sent to other servers (and fetched by them): public and
    /// followers-only ones. Journal and author-only entries never leave this server, nor does anything about them.
    public var leavesServer: Bool {
        switch self {
        case .public, .followers: true
        case .journal, .private: false
        }
    }

    /// Who will see an entry, in plain language for a visibility picker.
    public var audienceDescription: String {
        switch self {
        case .public: "Everyone, including people who are not signed in."
        case .followers: "The people who follow you."
        case .journal: "You and the people you shared your journal with."
        case .private: "Only you."
        }
    }
}
