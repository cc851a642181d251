import QwinkleKit
import QwinkleStorage

/// An `EntryEvent` as it travels between servers: IDs and what a stream cannot read back, never bodies, so a
/// notice stays far below a channel's size limit (PostgreSQL's is 8,000 bytes) whatever the entry holds.
///
/// A server hearing one reads the entry and its author back from the storage, which every server shares.
struct EntryEventNotice: Codable, Hashable, Sendable {
    /// What happened.
    enum Kind: String, Codable, Sendable {
        case created, updated, deleted, relationsChanged, standingChanged, signedOut, notified
    }

    /// The server that published it, which has told its own streams already.
    var origin: String
    /// What happened.
    var kind: Kind
    /// The entry, or the account whose relations changed or who was notified.
    var id: Int64?
    /// An update's visibility before it, when the entry was visible before (not in the trash): whoever could see
    /// it then is told it is gone if they no longer can.
    var visibilityBefore: Visibility?
    /// The session that ended.
    var tokenHash: String?

    /// The notice of an event.
    init(_ event: EntryEvent, origin: String) {
        self.origin = origin
        switch event {
        case .created(let entry, _):
            kind = .created
            id = entry.id.integerValue
        case .updated(let before, let after, _):
            kind = .updated
            id = after.id.integerValue
            visibilityBefore = before?.visibility
        case .deleted(let entry):
            kind = .deleted
            id = entry.id.integerValue
        case .relationsChanged(let account):
            kind = .relationsChanged
            id = account.integerValue
        case .standingChanged(let account):
            kind = .standingChanged
            id = account.integerValue
        case .signedOut(let hash):
            kind = .signedOut
            tokenHash = hash
        case .notified(let account):
            kind = .notified
            id = account.integerValue
        }
    }

    /// The event again, read back from the storage; `nil` when what it names is gone (an entry deleted since it was
    /// written, say), so there is nothing left to show.
    func event(from storage: any Storage) async throws -> EntryEvent? {
        switch kind {
        case .created:
            guard let id, let entry = try await storage.entry(id: Entry.ID(integer: id)),
                let author = try await storage.account(id: entry.author)
            else { return nil }
            return .created(entry, author: author)
        case .updated:
            guard let id, let after = try await storage.entry(id: Entry.ID(integer: id)),
                let author = try await storage.account(id: after.author)
            else { return nil }
            let before = visibilityBefore.map { visibility in
                var before = after
                before.visibility = visibility
                return before
            }
            return .updated(before: before, after: after, author: author)
        case .deleted:
            guard let id, let trashed = try await storage.trashedEntry(id: Entry.ID(integer: id)) else { return nil }
            return .deleted(trashed.entry)
        case .relationsChanged:
            guard let id else { return nil }
            return .relationsChanged(of: Account.ID(integer: id))
        case .standingChanged:
            guard let id else { return nil }
            return .standingChanged(of: Account.ID(integer: id))
        case .signedOut:
            guard let tokenHash else { return nil }
            return .signedOut(tokenHash: tokenHash)
        case .notified:
            guard let id else { return nil }
            return .notified(Account.ID(integer: id))
        }
    }
}
