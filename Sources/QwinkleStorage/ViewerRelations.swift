import QwinkleKit

/// What a viewer's relationships are, to decide what they may read.
public struct ViewerRelations: Hashable, Sendable {
    /// The accounts the viewer follows.
    public var following: Set<Account.ID>
    /// The accounts whose journals are shared with the viewer.
    public var journalOwners: Set<Account.ID>
    /// The accounts the viewer blocks.
    public var blocking: Set<Account.ID>
    /// The accounts that block the viewer.
    public var blockedBy: Set<Account.ID>
    /// The accounts the viewer mutes, as they were read (a mute that had expired then is not here), each with
    /// whether its notifications are muted too.
    public var muting: [Account.ID: Bool]
    /// The people kept here of the servers the viewer blocks (a domain and its subdomains).
    public var domainBlocked: Set<Account.ID>
    /// The accounts the server's moderators limited: the same for every viewer.
    public var limited: Set<Account.ID>
    /// The accounts the server's moderators suspended: the same for every viewer.
    public var suspended: Set<Account.ID>

    /// Collects a viewer's relationships.
    public init(
        following: Set<Account.ID> = [], journalOwners: Set<Account.ID> = [], blocking: Set<Account.ID> = [], blockedBy: Set<Account.ID> = [],
        muting: [Account.ID: Bool] = [:], domainBlocked: Set<Account.ID> = [], limited: Set<Account.ID> = [], suspended: Set<Account.ID> = []
    ) {
        self.following = following
        self.journalOwners = journalOwners
        self.blocking = blocking
        self.blockedBy = blockedBy
        self.muting = muting
        self.domainBlocked = domainBlocked
        self.limited = limited
        self.suspended = suspended
    }

    /// The relations of someone signed out: only what moderators decided, which holds for everyone.
    public init(standings: [Account.ID: AccountStanding]) {
        self.init()
        for (account, standing) in standings {
            switch standing {
            case .good: break
            case .limited: limited.insert(account)
            case .suspended: suspended.insert(account)
            }
        }
    }

    /// Whether a block stands between the viewer and `account`, whichever of them made it, or the viewer blocks the
    /// account's server, or the account is suspended: what it wrote does not exist for the viewer.
    public func isBlocked(_ account: Account.ID) -> Bool {
        blocking.contains(account) || blockedBy.contains(account) || domainBlocked.contains(account) || suspended.contains(account)
    }
}
