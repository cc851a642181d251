import QwinkleKit

/// What open live timelines may have to act on, told after the write it describes committed.
///
/// Each case carries what a stream needs to judge it in memory with the one policy: the entry itself (and its
/// author, to show it), or whose follows and journal grants changed, or which session ended. So a stream decides
/// without reading the database for every event.
public enum EntryEvent: Hashable, Sendable {
    /// A new entry was stored (never an idempotent replay, which stores nothing).
    case created(Entry, author: Account)
    /// An entry was edited, restored to an earlier revision or brought back from the trash: as it was (`nil` when
    /// it was in the trash), and as it is now.
    case updated(before: Entry?, after: Entry, author: Account)
    /// An entry was deleted (moved to the trash); as it was.
    case deleted(Entry)
    /// Who an account follows, or whose journal it may read, changed: its streams re-read its relations.
    case relationsChanged(of: Account.ID)
    /// Moderators limited, suspended or restored an account: every stream re-reads what moderators decided, as it
    /// holds for every viewer.
    case standingChanged(of: Account.ID)
    /// A session ended (logged out): the streams opened with its token end.
    case signedOut(tokenHash: String)
    /// An account may have new notifications: its notification streams read what they have not sent yet.
    case notified(Account.ID)
}
