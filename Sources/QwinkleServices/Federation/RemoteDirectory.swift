import QwinkleKit
import QwinkleStorage

/// People of other servers, as a federating server finds them and tells their servers what this server's people do
/// with them. The services ask it where a username is a handle (`user@host`); a server that does not federate has
/// none, and for it such a handle names nobody.
public protocol RemoteDirectory: Sendable {
    /// The account `handle` (`user@host`) names on another server: the one kept, or one found now (WebFinger, then
    /// the actor) and kept; `nil` if there is none or its server is blocked.
    func account(handle: String) async throws -> Account?
    /// The account of the actor at `actorURL`: the one kept, or one fetched now and kept; `nil` if it cannot be
    /// fetched or its server is blocked.
    func account(actorURL: String) async throws -> Account?
    /// Tells `account`'s server that `follower` follows it now.
    func followed(_ account: Account, by follower: Account) async throws
    /// Tells `account`'s server that `follower` no longer follows it.
    func unfollowed(_ account: Account, by follower: Account) async throws
    /// Tells the server of `follower`, who asked to follow `account`, the answer (`Accept` or `Reject` of its Follow).
    func answered(_ follower: RemoteFollower, of account: Account, approved: Bool) async throws
    /// Tells `account`'s server that `blocker` blocks it now.
    func blocked(_ account: Account, by blocker: Account) async throws
    /// Tells `account`'s server that `blocker` no longer blocks it.
    func unblocked(_ account: Account, by blocker: Account) async throws
    /// Tells the server of `entry`'s author, a person there, that `account` marked it.
    func marked(_ entry: Entry, by account: Account) async throws
    /// Tells the server of `entry`'s author that `account` took its mark off.
    func unmarked(_ entry: Entry, by account: Account) async throws
    /// Tells `account`'s followers elsewhere, and the server of `entry`'s author if it is elsewhere, that `account`
    /// shared the entry (an Announce); `activityID` is the share's, as kept.
    func shared(_ entry: Entry, activityID: String, by account: Account) async throws
    /// Tells them that `account` took the share made by `activityID` back (an Undo of the Announce).
    func unshared(_ entry: Entry, activityID: String, by account: Account) async throws
    /// Tells `account`'s followers elsewhere that it pinned `entry`, its own (an Add to its `featured` collection),
    /// when the entry is one anyone may read: only those are in the collection.
    func pinned(_ entry: Entry, by account: Account) async throws
    /// Tells them that `account` unpinned it (a Remove from the collection).
    func unpinned(_ entry: Entry, by account: Account) async throws
    /// Tells `account`'s server of a report of them (and of `entries`, theirs) that is forwarded there: a `Flag` from
    /// the server itself, never naming who reported.
    func flagged(_ report: Report, account: Account, entries: [Entry]) async throws
    /// What tells the servers that know `account` (of its followers elsewhere, and of those it follows there) that it
    /// is gone: deliveries signed by the key it has now, to queue as the account is deleted; none when no server
    /// knows it.
    func farewells(of account: Account) async throws -> [NewDelivery]
    /// What carries a private message from `sender` to `recipients` (people of other servers): a note addressed to
    /// them alone, for each one's own inbox, to queue in the message's own transaction.
    func messageDeliveries(_ body: String, from sender: Account, to recipients: [Account]) async throws -> [NewDelivery]
    /// The pictures among `attachments` (of a note by `author`, a person elsewhere), fetched and kept as `author`'s
    /// photos with their descriptions, in the attachments' order: `nil` for one that is no picture, or could not be
    /// fetched or kept (it is shown as a link).
    func photos(of attachments: [RemoteAttachment], by author: Account) async throws -> [AttachedPhoto?]
    /// The bytes of the picture at `url` (a copy kept here was evicted), fetched as `photos(of:by:)` fetches them;
    /// `nil` if it cannot be.
    func picture(at url: String) async -> [UInt8]?
}
