import Foundation
import QwinkleKit

/// Entries that people passed on to their followers (a boost in Mastodon, an ActivityPub `Announce`): people of
/// other servers and this one's, so that those who follow them find each one in their home timeline, and on the
/// sharer's profile, shared by them.
///
/// A share takes its place from the entries' own sequence: a home timeline pages through entries and shares with one
/// cursor, and a share sorts by when it was made, not by when the entry was written.
public protocol ShareStore: Sendable {
    /// Keeps a share, and tells the entry's author (a notification); `false` when its activity, or a share of the
    /// same entry by the same account, is kept already.
    func addShare(_ share: NewShare) async throws -> Bool
    /// Removes the share that the activity `activityID` of `sharer` made; `false` when there is none.
    func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool
    /// Removes `sharer`'s share of the entry; the ID of the activity that made it, `nil` when there is none.
    func removeShare(of entry: Entry.ID, by sharer: Account.ID) async throws -> String?
    /// The shares, newest first, of entries outside the trash, in the page's window, from `source`; each with its
    /// place as the cursor.
    func shares(_ source: ShareSource, page: PageRequest) async throws -> [Paged<Share>]
    /// The accounts that shared the entry, the latest share first; the cursor is the share's.
    func sharers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>]
}

/// Whose shares a list holds.
public enum ShareSource: Hashable, Sendable {
    /// Those of the accounts the viewer follows, and the viewer's own: their home timeline.
    case homeOf(Account.ID)
    /// Those of one account: its profile.
    case by(Account.ID)
}

/// An entry passed on by an account.
public struct Share: Hashable, Sendable {
    /// Who shared it.
    public var sharer: Account.ID
    /// The entry shared.
    public var entry: Entry.ID

    /// Describes a share.
    public init(sharer: Account.ID, entry: Entry.ID) {
        self.sharer = sharer
        self.entry = entry
    }
}

/// A share to keep: the entry, who shared it, and the activity that said so.
public struct NewShare: Hashable, Sendable {
    /// Who shares and what.
    public var share: Share
    /// The ID of the activity that shared it, which its Undo names.
    public var activityID: String
    /// When it was shared.
    public var sharedAt: Date

    /// Describes a share to keep.
    public init(_ share: Share, activityID: String, sharedAt: Date) {
        self.share = share
        self.activityID = activityID
        self.sharedAt = sharedAt
    }
}
