import Foundation
import QwinkleKit

/// Entries that people of other servers passed on to their followers (an ActivityPub `Announce`), so that those who
/// follow them here find each one in their home timeline, shared by them.
///
/// A share takes its place from the entries' own sequence: a home timeline pages through entries and shares with one
/// cursor, and a share sorts by when it was made, not by when the entry was written.
public protocol ShareStore: Sendable {
    /// Keeps a share; `false` when its activity, or a share of the same entry by the same account, is kept already.
    func addShare(_ share: NewShare) async throws -> Bool
    /// Removes the share that the activity `activityID` of `sharer` made; `false` when there is none.
    func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool
    /// The shares, newest first, by the accounts `viewer` follows, of entries outside the trash, in the page's window;
    /// each with its place as the cursor.
    func sharesFollowed(by viewer: Account.ID, page: PageRequest) async throws -> [Paged<Share>]
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
