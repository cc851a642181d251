import Foundation
import QwinkleKit
import QwinkleStorage

/// The columns the storage's queries select for each stored model, in the order the row readers below read them.
public enum Columns {
    /// An account's columns, as `SQLRow.account(from:)` reads them.
    public static let account = """
        accounts.id, accounts.username, accounts.display_name, accounts.bio, accounts.avatar_photo_id, \
        accounts.favorite_creature, accounts.created_at, accounts.locked, accounts.standing
        """
    /// How many columns `account` selects: what a query adds comes after them.
    public static let accountCount = 9

    /// A notification's columns, as `SQLRow.notification()` reads them.
    public static let notification = """
        notifications.id, notifications.recipient_id, notifications.kind, notifications.actor_id, notifications.entry_id, \
        notifications.conversation_id, notifications.base_revision, notifications.current_revision, notifications.created_at
        """
}

extension SQLRow {
    /// The account of a row that selects `Columns.account` from column `start`.
    public func account(from start: Int = 0) throws -> Account {
        let creature: String? = try self[start + 5]
        let avatar: Int64? = try self[start + 4]
        let standing: String? = try self[start + 8]
        return Account(
            id: Account.ID(integer: try self[start]),
            username: try self[start + 1],
            displayName: try self[start + 2],
            bio: try self[start + 3],
            avatar: avatar.map(Photo.ID.init(integer:)),
            favoriteCreature: try creature.map { try stored(Creature.init(rawValue:), $0, "creature") },
            createdAt: try self[start + 6],
            locked: try self[start + 7] as Int64 == 1,
            standing: try standing.map { try stored(AccountStanding.init(rawValue:), $0, "standing") } ?? .good
        )
    }

    /// The notification of a row that selects `Columns.notification`.
    public func notification() throws -> AccountNotification {
        let entry: Int64? = try self[4]
        let conversation: Int64? = try self[5]
        return AccountNotification(
            id: AccountNotification.ID(integer: try self[0]), recipient: Account.ID(integer: try self[1]),
            kind: try stored(AccountNotification.Kind.init(rawValue:), try self[2] as String, "notification kind"),
            actor: Account.ID(integer: try self[3]), entry: entry.map(Entry.ID.init(integer:)),
            conversation: conversation.map(Conversation.ID.init(integer:)),
            baseRevision: try self[6], currentRevision: try self[7], createdAt: try self[8]
        )
    }
}
