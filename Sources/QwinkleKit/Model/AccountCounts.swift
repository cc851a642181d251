import Foundation

/// What a profile counts: followers, follows, and the entries anyone may be shown a count of.
///
/// Entries count those posted for everyone or for followers, out of the trash: a journal, or an entry only its
/// author sees, is not counted, so the number tells a stranger nothing about them.
public struct AccountCounts: Hashable, Sendable {
    /// How many follow it, on this server and on others.
    public var followers: Int
    /// How many accounts it follows.
    public var following: Int
    /// Its public and followers-only entries.
    public var entries: Int
    /// When the newest of those entries was posted.
    public var lastEntryAt: Date?

    /// Describes the counts.
    public init(followers: Int = 0, following: Int = 0, entries: Int = 0, lastEntryAt: Date? = nil) {
        self.followers = followers
        self.following = following
        self.entries = entries
        self.lastEntryAt = lastEntryAt
    }
}
