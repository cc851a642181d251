import QwinkleKit
import QwinkleStorage

/// What every service shares: where things are kept, the time, where writes are told, and the length rule.
public struct ServiceContext: Sendable {
    /// Where everything is kept: the services' alone, so that no front door reads or writes past their rules.
    let storage: any Storage
    /// The time now.
    public let clock: ServiceClock
    /// Where entry writes and relationship changes are told after they commit.
    public let events: any EntryEventBus
    /// The length rule every entry and message is held to, as clients count it.
    public let lengthRule: LengthRule
    /// What the services count for the metrics.
    public let metrics: ServiceMetrics
    /// People of other servers, when the server federates; `nil` when it does not.
    public let remote: (any RemoteDirectory)?

    /// Describes the services' shared parts.
    public init(
        storage: any Storage, clock: ServiceClock = ServiceClock(), events: any EntryEventBus, lengthRule: LengthRule = .standard,
        metrics: ServiceMetrics = ServiceMetrics(), remote: (any RemoteDirectory)? = nil
    ) {
        self.storage = storage
        self.clock = clock
        self.events = events
        self.lengthRule = lengthRule
        self.metrics = metrics
        self.remote = remote
    }

    /// Whether other servers are told of writes of `author`'s entries: on a federating server, of its own people's.
    /// The write keeps them for the deliveries in its own transaction (`OutgoingWrite`); which of them become
    /// activities, and for whom, the federation decides.
    public func announces(_ author: Account) -> Bool {
        remote != nil && author.isLocal
    }

    /// The viewer for an account (or anonymous), with the follows and journal grants the policy needs, and what
    /// moderators decided, which holds for anonymous viewers too.
    public func viewer(for account: Account?) async throws -> Viewer {
        Viewer(account: account?.id, relations: try await relations(of: account?.id))
    }

    /// What the policy needs to know of a viewer: an account's relations, or for someone signed out, what moderators
    /// decided.
    func relations(of account: Account.ID?) async throws -> ViewerRelations {
        guard let account else { return ViewerRelations(standings: try await storage.standings()) }
        return try await storage.relations(of: account, at: clock.now())
    }

    /// The account with this username, or `notFound`: a suspended account is not there for anyone.
    public func existingAccount(username: String) async throws -> Account {
        guard let account = try await storage.account(username: username), account.standing != .suspended else {
            throw ServiceError.notFound("The account @\(username)")
        }
        return account
    }

    /// The account with this username or, on a federating server, the person of another server this handle
    /// (`user@host`, with or without a leading `@`) names, found there now if it is not kept here yet; or `notFound`.
    public func findAccount(username: String) async throws -> Account {
        let name = username.hasPrefix("@") ? String(username.dropFirst()) : username
        if let account = try await storage.account(username: name) {
            guard account.standing != .suspended else { throw ServiceError.notFound("The account @\(name)") }
            return account
        }
        guard name.contains("@"), let remote, let account = try await remote.account(handle: name), account.standing != .suspended else {
            throw ServiceError.notFound("The account @\(name)")
        }
        return account
    }

    /// The photo with this ID if `account` may attach it (see `Policy.canAttach`), `nil` otherwise.
    func attachablePhoto(_ id: String, by account: Account.ID) async throws -> Photo.ID? {
        guard let photoID = Photo.ID(rawValue: id), photoID.integerValue != nil, let stored = try await storage.photo(id: photoID),
            Policy.canAttach(stored, by: account)
        else { return nil }
        return photoID
    }
}
