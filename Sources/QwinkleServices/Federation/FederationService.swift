import Foundation
import QwinkleKit
import QwinkleStorage

/// What other servers do here, taken by the same services and the same `Policy` as what this server's people do:
/// notes kept, revised and deleted, shares, followers elsewhere, actors found and forgotten, and the queue of what
/// is sent back. The federation door reads and checks ActivityPub's documents and signatures and then asks this;
/// it never reaches the storage itself.
public struct FederationService: Sendable {
    let context: ServiceContext
    /// Entries, whose events and notifications a note from elsewhere causes as a local entry does.
    let entries: EntryService
    /// What this server sends to others.
    public let queue: DeliveryQueue

    /// The federation's service over `context`, creating and reading entries through `entries`.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
        queue = DeliveryQueue(context: context)
    }

    /// The federation's service over `context`, for what works below the services (the directory of people
    /// elsewhere, which the services themselves ask).
    public init(context: ServiceContext) {
        self.init(context: context, entries: EntryService(context: context))
    }

    var storage: any Storage { context.storage }

    /// Records an activity as taken; `false` when it was taken before (its sender tried again), so it acts once.
    public func isFirstTime(activityID: String) async throws -> Bool {
        try await storage.recordReceivedActivity(id: activityID, at: context.clock.now())
    }

    /// Whether `url`'s host, or a domain above it, is blocked by this server.
    public func isBlocked(url: String) async throws -> Bool {
        try await storage.isBlocked(url: url)
    }

    /// A photo kept here (its media type and size), if it is.
    public func photo(_ id: Photo.ID) async throws -> Photo? {
        try await storage.photo(id: id)?.photo
    }

    /// Whether the note with this object ID (another server's) is kept here as an entry.
    public func isKept(objectID: String) async throws -> Bool {
        try await storage.entryID(objectID: objectID) != nil
    }

    /// The account kept here for the actor at `actorURL`, if any (nothing is fetched).
    public func keptAccount(actorURL: String) async throws -> Account? {
        try await storage.remoteAccount(actorURL: actorURL)
    }

    /// The account kept here under a handle (`user@host`), if any.
    public func keptAccount(handle: String) async throws -> Account? {
        try await storage.account(username: handle)
    }

    /// The account with this ID, of this server or kept from another.
    public func account(id: Account.ID) async throws -> Account? {
        try await storage.account(id: id)
    }

    /// The actor of an account of another server (its inboxes), or `nil` for one of this server's.
    public func actor(of account: Account.ID) async throws -> RemoteActor? {
        try await storage.remoteActor(of: account)
    }

    /// Keeps what an actor's document says of it, as a new account or a refreshed one.
    public func keep(_ actor: RemoteActor) async throws -> Account {
        try await storage.storeRemoteActor(actor, at: context.clock.now())
    }

    /// Where the avatar of a person elsewhere was fetched from, `nil` when it never was.
    public func avatarSource(of account: Account.ID) async throws -> String? {
        try await storage.remoteAvatarSource(of: account)
    }

    /// Keeps `bytes`, fetched from `source`, as the avatar of a person elsewhere: sanitized as any upload (its type
    /// judged by its bytes, its metadata removed) through `photos`, stored as their own photo. Bytes that are no
    /// photo are refused as an upload would be.
    public func keepAvatar(_ bytes: [UInt8], source: String, of account: Account, photos: PhotoService) async throws -> Account {
        guard !account.isLocal else { return account }
        let photo = try await photos.upload(bytes, by: account)
        return try await storage.setRemoteAvatar(photo.photo.id, source: source, of: account.id)
    }

    /// Whether someone here follows the account.
    public func isFollowedHere(_ account: Account.ID) async throws -> Bool {
        try await storage.hasLocalFollowers(account)
    }

    /// The accounts the account follows (here and elsewhere).
    public func following(of account: Account.ID) async throws -> Set<Account.ID> {
        try await storage.relations(of: account).following
    }

    /// The account's key pair, if it has one (made the first time another server asks for it).
    public func keys(of account: Account.ID) async throws -> ActorKeys? {
        try await storage.actorKeys(of: account)
    }
}

/// What suspending a server came to.
public struct DomainSuspension: Hashable, Sendable {
    /// Whether it was not blocked before.
    public var isNew: Bool
    /// How many of its people's accounts kept here were removed.
    public var removedAccounts: Int
}

extension FederationService {
    /// Blocks (suspends) another server and its subdomains for the whole deployment: nothing is delivered to it, its
    /// posts and fetches are refused, and what is kept of its people goes (their accounts here, with their notes,
    /// marks and avatars; `photos` removes the avatars' bytes). Blocking again removes what came since.
    public func blockDomain(_ domain: String, photos: PhotoService) async throws -> DomainSuspension {
        let isNew = try await storage.blockDomain(domain, at: context.clock.now())
        var removed = 0
        var photoHashes: Set<String> = []
        for id in try await storage.remoteAccountIDs(onDomain: domain) {
            guard let deleted = try await storage.deleteAccount(id: id) else { continue }
            removed += 1
            photoHashes.formUnion(deleted.photoHashes)
        }
        try await photos.removeUnused(sha256: photoHashes)
        return DomainSuspension(isNew: isNew, removedAccounts: removed)
    }

    /// Limits another server and its subdomains for the whole deployment: its deliveries are still taken, but its
    /// people, kept here now or later, are limited (they reach only their followers and journal readers here). A
    /// suspension of it becomes this limit.
    public func limitDomain(_ domain: String) async throws -> (isNew: Bool, limitedAccounts: Int) {
        let outcome = try await storage.limitDomain(domain, at: context.clock.now())
        if let any = try await storage.remoteAccountIDs(onDomain: domain).first { context.events.publish(.standingChanged(of: any)) }
        return outcome
    }

    /// Lifts a server's block, whichever it is; `false` if it was not blocked.
    public func unblockDomain(_ domain: String) async throws -> Bool {
        try await storage.unblockDomain(domain)
    }

    /// The blocked servers, each with how.
    public func blockedDomains() async throws -> [BlockedDomain] {
        try await storage.blockedDomains()
    }
}
