import Foundation
import QwinkleKit
import QwinkleStorage

extension SocialService {
    /// The account blocks the one with this username (here or elsewhere): follows and journal grants between them end
    /// both ways, each is hidden from the other, and a person elsewhere has their server told (`Block`). Blocking
    /// twice is blocking once.
    public func block(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.findAccount(username: username)
        guard Policy.canRelate(me.id, to: them.id) else { throw ServiceError.invalid(field: "username", "You cannot block yourself.") }
        guard me.isLocal else { throw ServiceError.forbidden("Only people of this server block from it.") }
        if try await context.storage.block(them.id, by: me.id, at: context.clock.now()), !them.isLocal {
            try await context.remote?.blocked(them, by: me)
        }
        relationsChanged(me.id, them.id)
        return try await relationship(me, them)
    }

    /// The account stops blocking the one with this username; what the block ended stays ended.
    public func unblock(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        if try await context.storage.unblock(them.id, by: me.id), !them.isLocal {
            try await context.remote?.unblocked(them, by: me)
        }
        relationsChanged(me.id, them.id)
        return try await relationship(me, them)
    }

    /// The account mutes the one with this username: their entries leave the account's lists, and their notifications
    /// too if `notifications`; for `duration` seconds if given (at least 1, at most `Mute.longestDuration`), else until
    /// unmuted. Muting again replaces the mute. Nobody is told.
    public func mute(_ username: String, notifications: Bool, duration: Int?, by me: Account) async throws -> Relationship {
        let them = try await context.findAccount(username: username)
        guard Policy.canRelate(me.id, to: them.id) else { throw ServiceError.invalid(field: "username", "You cannot mute yourself.") }
        let now = context.clock.now()
        var expiresAt: Date?
        if let duration {
            guard duration >= 1, TimeInterval(duration) <= Mute.longestDuration else {
                throw ServiceError.invalid(
                    field: "duration", "A mute lasts from 1 second to \(Int(Mute.longestDuration)) seconds (a year); leave it out for one without an end."
                )
            }
            expiresAt = now.addingTimeInterval(TimeInterval(duration))
        }
        try await context.storage.mute(them.id, by: me.id, Mute(notifications: notifications, expiresAt: expiresAt), at: now)
        relationsChanged(me.id)
        return try await relationship(me, them)
    }

    /// The account stops muting the one with this username.
    public func unmute(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        _ = try await context.storage.unmute(them.id, by: me.id, at: context.clock.now())
        relationsChanged(me.id)
        return try await relationship(me, them)
    }

    /// A page of the accounts the account blocks, most recently blocked first.
    public func blocks(of me: Account, page: PageRequest) async throws -> ListPage<Account> {
        ListPage(try await context.storage.blocks(by: me.id, page: page), page: page)
    }

    /// A page of the accounts the account mutes now, most recently muted first, each with how.
    public func mutes(of me: Account, page: PageRequest) async throws -> ListPage<MutedAccount> {
        ListPage(try await context.storage.mutes(by: me.id, page: page, at: context.clock.now()), page: page)
    }

    /// The account blocks a server (a domain, a URL or a handle on it) and its subdomains: its people are hidden from
    /// the account everywhere, and those of them who followed the account no longer do. Nobody is told.
    public func blockDomain(_ text: String, by me: Account) async throws -> String {
        let domain = try Self.domain(text)
        _ = try await context.storage.blockDomain(domain, by: me.id, at: context.clock.now())
        relationsChanged(me.id)
        return domain
    }

    /// The account stops blocking a server; a name that is no domain names no block, and changes nothing.
    public func unblockDomain(_ text: String, by me: Account) async throws -> String {
        guard let domain = RemoteHost.domain(named: text) else { return text }
        if try await context.storage.unblockDomain(domain, by: me.id) { relationsChanged(me.id) }
        return domain
    }

    /// A page of the servers the account blocks, most recently blocked first.
    public func domainBlocks(of me: Account, page: PageRequest) async throws -> ListPage<String> {
        ListPage(try await context.storage.domainBlocks(by: me.id, page: page), page: page)
    }

    /// The domain a request names, or 422 saying what a domain is.
    private static func domain(_ text: String) throws -> String {
        guard let domain = RemoteHost.domain(named: text) else {
            throw ServiceError.invalid(field: "domain", "Name a server by its domain, such as social.example.")
        }
        return domain
    }

    /// Tells the live streams of these accounts that their relations changed.
    private func relationsChanged(_ accounts: Account.ID...) {
        for account in accounts { context.events.publish(.relationsChanged(of: account)) }
    }
}
