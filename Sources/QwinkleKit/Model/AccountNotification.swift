import Foundation

/// Something that happened that an account is told about: someone followed them, shared or stopped sharing their
/// journal, wrote to them, marked their entry, or an edit of theirs was refused because the entry had changed.
///
/// It names what it is about by IDs only: whoever shows it reads the subject again, so a notification about
/// something the reader can no longer see is judged as it is now, not as it was.
public struct AccountNotification: Hashable, Sendable, Identifiable {
    /// The identifier of a notification: increasing, so it doubles as a page and catch-up cursor.
    public typealias ID = Identifier<AccountNotification>

    /// What happened; the spellings are the API's.
    public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
        /// `actor` followed the recipient.
        case followed
        /// `actor` shared their journal with the recipient.
        case journalShared = "journal_shared"
        /// `actor` stopped sharing their journal with the recipient.
        case journalUnshared = "journal_unshared"
        /// `actor` sent the recipient a message in `conversation`.
        case message
        /// `actor` marked the recipient's `entry`.
        case marked
        /// The recipient's edit of `entry` from `baseRevision` was refused: it is at `currentRevision` now.
        case editRefused = "edit_refused"
        /// `actor` replied to one of the recipient's entries with `entry`; each reply is its own group, as it has its own text.
        case replied
        /// `actor` mentioned the recipient in `entry`; each mention is its own group.
        case mentioned
        /// `actor` asks to follow the recipient, who approves their followers.
        case followRequested = "follow_requested"
        /// `actor` shared the recipient's `entry` with their followers (a boost, in Mastodon's words).
        case shared
    }

    /// The notification's identifier.
    public var id: ID
    /// Who is told.
    public var recipient: Account.ID
    /// What happened.
    public var kind: Kind
    /// Who did it (for a refused edit, the recipient).
    public var actor: Account.ID
    /// The entry it is about, if any.
    public var entry: Entry.ID?
    /// The conversation it is about, if any.
    public var conversation: Conversation.ID?
    /// A refused edit's base revision.
    public var baseRevision: Int?
    /// The entry's revision when the edit was refused.
    public var currentRevision: Int?
    /// When it happened.
    public var createdAt: Date

    /// Describes a notification.
    public init(
        id: ID, recipient: Account.ID, kind: Kind, actor: Account.ID, entry: Entry.ID? = nil, conversation: Conversation.ID? = nil,
        baseRevision: Int? = nil, currentRevision: Int? = nil, createdAt: Date
    ) {
        self.id = id
        self.recipient = recipient
        self.kind = kind
        self.actor = actor
        self.entry = entry
        self.conversation = conversation
        self.baseRevision = baseRevision
        self.currentRevision = currentRevision
        self.createdAt = createdAt
    }

    /// What many notifications of one kind about one subject have in common: they are shown as one group.
    public var subject: String {
        switch kind {
        case .followed, .followRequested, .journalShared, .journalUnshared: kind.rawValue
        case .message: "\(kind.rawValue):\(conversation?.rawValue ?? "")"
        case .marked, .shared: "\(kind.rawValue):\(entry?.rawValue ?? "")"
        case .replied, .mentioned: "\(kind.rawValue):\(entry?.rawValue ?? ""):\(id.rawValue)"
        case .editRefused: "\(kind.rawValue):\(entry?.rawValue ?? ""):\(id.rawValue)"
        }
    }
}
