import Foundation
import QwinkleKit

/// People of other servers kept here as accounts, and their notes kept as entries, so that following them, reading
/// them in a timeline, replying to them and marking them go through the same tables, policy and pages as anyone's.
///
/// A remote account's username is its handle, `user@host` (see `Account.host`), which no local username can be; it
/// has no email and no password, so nobody signs in as it.
public protocol RemoteAccountStore: Sendable {
    /// Keeps `actor` as an account, or refreshes the one kept for its actor URL (name, bio, inboxes; its handle
    /// stays the one it was first kept with). Throws `StorageError.usernameTaken` when another actor holds the handle.
    func storeRemoteActor(_ actor: RemoteActor, at date: Date) async throws -> Account
    /// The account kept for the actor at `actorURL`.
    func remoteAccount(actorURL: String) async throws -> Account?
    /// What is kept about a remote account's actor; `nil` for a local or unknown account.
    func remoteActor(of account: Account.ID) async throws -> RemoteActor?
    /// The people kept here of a server (`domain`, lowercase) and its subdomains.
    func remoteAccountIDs(onDomain domain: String) async throws -> [Account.ID]
    /// Where the avatar of a person elsewhere was fetched from, `nil` when it never was.
    func remoteAvatarSource(of account: Account.ID) async throws -> String?
    /// Makes `photo` (fetched from `source`) the avatar of a person elsewhere, in one transaction.
    func setRemoteAvatar(_ photo: Photo.ID, source: String, of account: Account.ID) async throws -> Account
    /// Stores a note of another server as an entry with its object ID, in one transaction; an object ID stored
    /// before answers `.replayed` with the entry it made, so a note delivered twice is one entry.
    func createRemoteEntry(objectID: String, _ entry: NewEntry) async throws -> EntryCreation
    /// The entry stored for the object `objectID` (in the trash or not).
    func entryID(objectID: String) async throws -> Entry.ID?
    /// The object IDs of those of the entries that came from other servers (an entry written here has none).
    func objectIDs(of entries: [Entry.ID]) async throws -> [Entry.ID: String]
    /// Whether any account of this server follows `account`: a remote account's notes are taken only then (or when
    /// they answer an entry of this server).
    func hasLocalFollowers(_ account: Account.ID) async throws -> Bool
}

extension RemoteAccountStore {
    /// The object ID of an entry that came from another server; `nil` for an entry written here.
    public func objectID(of entry: Entry.ID) async throws -> String? {
        try await objectIDs(of: [entry])[entry]
    }
}

/// An actor of another server, as it is kept: its handle, what it shows, and where to deliver to it.
public struct RemoteActor: Hashable, Sendable {
    /// The actor's ID, its URL.
    public var actorURL: String
    /// Its handle, `user@host` (lowercase; the host with its port when it has one).
    public var handle: String
    /// The name it shows; may be empty.
    public var displayName: String
    /// Its summary as plain text; may be empty.
    public var bio: String
    /// Its own inbox.
    public var inbox: String
    /// Its server's shared inbox, if it has one.
    public var sharedInbox: String?
    /// Its profile page for people, if it names one.
    public var profileURL: String?
    /// Whether it approves its followers (`manuallyApprovesFollowers`): a follow of it waits for its `Accept`.
    public var locked: Bool

    /// Describes an actor.
    public init(
        actorURL: String, handle: String, displayName: String = "", bio: String = "", inbox: String, sharedInbox: String? = nil,
        profileURL: String? = nil, locked: Bool = false
    ) {
        self.locked = locked
        self.actorURL = actorURL
        self.handle = handle
        self.displayName = displayName
        self.bio = bio
        self.inbox = inbox
        self.sharedInbox = sharedInbox
        self.profileURL = profileURL
    }

    /// Where activities for it go: its server's shared inbox when it has one, else its own.
    public var deliveryInbox: String { sharedInbox ?? inbox }
}
