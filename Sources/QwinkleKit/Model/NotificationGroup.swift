import Foundation

/// Notifications of one kind about one subject, shown together: "Abe and 3 others marked your entry".
///
/// A single notification is a group of one. The server makes groups when it reads a page; clients show them.
public struct NotificationGroup: Hashable, Sendable, Identifiable {
    /// The newest notification's ID: the group's place in the list, and its cursor.
    public var id: AccountNotification.ID
    /// The oldest notification's ID in the group.
    public var oldestID: AccountNotification.ID
    /// What happened.
    public var kind: AccountNotification.Kind
    /// How many notifications the group holds.
    public var count: Int
    /// Who did it, each once, the most recent first.
    public var actors: [Account]
    /// The entry it is about, as the reader is shown it now.
    public var entry: TimelineEntry?
    /// The conversation it is about.
    public var conversation: Conversation.ID?
    /// A refused edit's base revision.
    public var baseRevision: Int?
    /// The entry's revision when the edit was refused.
    public var currentRevision: Int?
    /// When the newest of them happened.
    public var createdAt: Date
    /// Whether the newest of them is after what the reader has read.
    public var unread: Bool

    /// Describes a group.
    public init(
        id: AccountNotification.ID, oldestID: AccountNotification.ID, kind: AccountNotification.Kind, count: Int, actors: [Account],
        entry: TimelineEntry? = nil, conversation: Conversation.ID? = nil, baseRevision: Int? = nil, currentRevision: Int? = nil,
        createdAt: Date, unread: Bool
    ) {
        self.id = id
        self.oldestID = oldestID
        self.kind = kind
        self.count = count
        self.actors = actors
        self.entry = entry
        self.conversation = conversation
        self.baseRevision = baseRevision
        self.currentRevision = currentRevision
        self.createdAt = createdAt
        self.unread = unread
    }

    /// The group in a sentence, as every client shows it.
    public var summary: String {
        let who = Self.names(actors)
        switch kind {
        case .followed: return "\(who) followed you"
        case .followRequested: return actors.count > 1 ? "\(who) ask to follow you" : "\(who) asks to follow you"
        case .journalShared: return actors.count > 1 ? "\(who) shared their journals with you" : "\(who) shared their journal with you"
        case .journalUnshared: return actors.count > 1 ? "\(who) stopped sharing their journals with you" : "\(who) stopped sharing their journal with you"
        case .message: return count > 1 ? "\(who) sent you \(count) messages" : "\(who) sent you a message"
        case .marked: return "\(who) marked your entry"
        case .shared: return "\(who) shared your entry"
        case .replied: return "\(who) replied to your entry"
        case .mentioned: return "\(who) mentioned you"
        case .editRefused:
            let revisions = baseRevision.flatMap { base in currentRevision.map { "revision \(base); it is at revision \($0) now" } }
            return "Your edit was refused because the entry changed" + (revisions.map { " since \($0)" } ?? "")
        }
    }

    /// "Abe", "Abe and Mary", "Abe and 3 others".
    static func names(_ actors: [Account]) -> String {
        guard let first = actors.first else { return "Someone" }
        let name = first.displayName.isEmpty ? "@\(first.username)" : first.displayName
        switch actors.count {
        case 1: return name
        case 2: return "\(name) and 1 other"
        default: return "\(name) and \(actors.count - 1) others"
        }
    }
}
