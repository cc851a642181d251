import Foundation
import QwinkleKit
import QwinkleStorage

/// Follows and journal readers: who may read whose `followers` and `journal` entries. Each change is told to the
/// event bus, so the live timelines of whoever gained or lost a reader's place re-read their relations.
public struct SocialService: Sendable {
    let context: ServiceContext
    private var storage: any Storage { context.storage }

    /// Creates the service over the shared context.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// The account follows the one with this username (following twice is following once). Someone who approves
    /// their followers is asked instead: the follow waits as a request until they answer.
    public func follow(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.findAccount(username: username)
        guard Policy.canRelate(me.id, to: them.id) else { throw ServiceError.invalid(field: "username", "You cannot follow yourself.") }
        guard me.isLocal else { throw ServiceError.forbidden("Only people of this server follow from it.") }
        let relations = try await context.viewer(for: me).relations
        if let problem = Policy.blockProblem(with: them.id, relations: relations) { throw ServiceError.forbidden(problem) }
        let now = context.clock.now()
        if them.locked, !relations.following.contains(them.id) {
            // Asked once: a person elsewhere hears the Follow, and answers it with an Accept or a Reject.
            if try await storage.requestFollow(me.id, them.id, remote: nil, at: now) {
                if them.isLocal { context.events.publish(.notified(them.id)) } else { try await context.remote?.followed(them, by: me) }
            }
            return try await relationship(me, them)
        }
        try await storage.follow(me.id, them.id, at: now)
        // A person of another server learns of it from their server, which sends their notes here from now on.
        if !them.isLocal { try await context.remote?.followed(them, by: me) }
        context.events.publish(.relationsChanged(of: me.id))
        context.events.publish(.notified(them.id))
        return try await relationship(me, them)
    }

    /// The account stops following the one with this username, or withdraws its request to.
    public func unfollow(_ username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        let wasFollowing = try await storage.isFollowing(me.id, them.id)
        try await storage.unfollow(me.id, them.id)
        let hadAsked = try await storage.removeFollowRequest(me.id, them.id) != nil
        if wasFollowing || hadAsked, !them.isLocal { try await context.remote?.unfollowed(them, by: me) }
        context.events.publish(.relationsChanged(of: me.id))
        return try await relationship(me, them)
    }

    /// How the account and the one with this username stand.
    public func relationship(to username: String, of me: Account) async throws -> Relationship {
        try await relationship(me, try await context.existingAccount(username: username))
    }

    /// A page of an account's followers, most recent first.
    public func followers(of username: String, page: PageRequest) async throws -> ListPage<Account> {
        let account = try await context.existingAccount(username: username)
        return ListPage(try await storage.followers(of: account.id, page: page), page: page)
    }

    /// A page of the accounts an account follows, most recent first.
    public func following(of username: String, page: PageRequest) async throws -> ListPage<Account> {
        let account = try await context.existingAccount(username: username)
        return ListPage(try await storage.following(of: account.id, page: page), page: page)
    }

    /// The people the account shares its journal with.
    public func journalReaders(of me: Account) async throws -> [Account] {
        try await storage.journalReaders(owner: me.id)
    }

    /// Shares the account's journal with the one with this username.
    public func addJournalReader(_ username: String, by me: Account) async throws -> Account {
        let reader = try await context.existingAccount(username: username)
        guard Policy.canRelate(me.id, to: reader.id) else { throw ServiceError.invalid(field: "username", "Your journal is always yours to read.") }
        // A journal never leaves the server, so a person of another server could never read it.
        guard reader.isLocal else {
            throw ServiceError.invalid(field: "username", "@\(reader.username) is on another server; your journal stays on this one.")
        }
        if let problem = Policy.blockProblem(with: reader.id, relations: try await context.viewer(for: me).relations) {
            throw ServiceError.forbidden(problem)
        }
        try await storage.addJournalReader(owner: me.id, reader: reader.id, at: context.clock.now())
        context.events.publish(.relationsChanged(of: reader.id))
        context.events.publish(.notified(reader.id))
        return reader
    }

    /// Stops sharing the account's journal with the one with this username.
    public func removeJournalReader(_ username: String, by me: Account) async throws {
        let reader = try await context.existingAccount(username: username)
        if try await storage.removeJournalReader(owner: me.id, reader: reader.id, at: context.clock.now()) {
            context.events.publish(.relationsChanged(of: reader.id))
            context.events.publish(.notified(reader.id))
        }
    }

    func relationship(_ me: Account, _ them: Account) async throws -> Relationship {
        let now = context.clock.now()
        let relations = try await storage.relations(of: me.id, at: now)
        let facts = try await storage.pairFacts(of: me.id, with: them.id, at: now)
        return Relationship(
            account: them, following: relations.following.contains(them.id), followedBy: facts.followedBy,
            blocking: relations.blocking.contains(them.id), blockedBy: relations.blockedBy.contains(them.id), muting: facts.mute,
            domainBlocking: relations.domainBlocked.contains(them.id), requested: facts.requested, requestedBy: facts.requestedBy,
            note: facts.note
        )
    }

    /// Keeps the account's private note on the one with this username (trimmed; empty removes it), which only the
    /// account ever sees: nobody is told, and no other server learns of it.
    public func setNote(_ note: String, on username: String, by me: Account) async throws -> Relationship {
        let them = try await context.existingAccount(username: username)
        let text = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Relationship.maxNoteLength else {
            throw ServiceError.invalid(field: "note", "A note may be at most \(Relationship.maxNoteLength) characters.")
        }
        try await storage.setNote(text, on: them.id, by: me.id, at: context.clock.now())
        return try await relationship(me, them)
    }
}
