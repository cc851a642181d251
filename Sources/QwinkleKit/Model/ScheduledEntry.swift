import Foundation

/// An entry waiting to be posted: what its author wrote and when it is to appear.
///
/// It is a record of its own, not an entry with a flag, so nothing that reads entries (timelines, search, counts,
/// live streams, the trash) can show it before it is due: until then only its author can see, change or cancel it.
public struct ScheduledEntry: Hashable, Sendable, Identifiable {
    /// The identifier of a scheduled entry (not the ID the entry gets when it is posted).
    public typealias ID = Identifier<ScheduledEntry>

    /// The shortest wait a schedule may ask for: anything sooner is just a post.
    public static let minimumLead: TimeInterval = 5 * 60
    /// The longest wait a schedule may ask for.
    public static let maximumLead: TimeInterval = 365 * 24 * 60 * 60

    /// The scheduled entry's identifier.
    public var id: ID
    /// The account that will post it.
    public var author: Account.ID
    /// What will be posted, checked by the same rules as a new entry.
    public var content: EntryContent
    /// When it is posted.
    public var scheduledAt: Date

    /// Describes a scheduled entry.
    public init(id: ID, author: Account.ID, content: EntryContent, scheduledAt: Date) {
        self.id = id
        self.author = author
        self.content = content
        self.scheduledAt = scheduledAt
    }
}

// Here rather than in ScheduledEntry+Codable.swift: Swift synthesizes Codable only in the declaring file.

/// Coded in the API's spelling: `id`, `author_id`, `entry` (the content, as a new entry's request carries it) and
/// `scheduled_at`, so `--json` prints what the server sends.
extension ScheduledEntry: Codable {
    enum CodingKeys: String, CodingKey {
        case id
        case author = "author_id"
        case content = "entry"
        case scheduledAt = "scheduled_at"
    }
}
