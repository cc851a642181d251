import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: NotificationStore {
    /// Inserts the notification under the notifications' lock.
    public func addNotification(_ notification: NewNotification) async throws {
        try await writing { connection in
            try await lock(.notifications, on: connection)
            try await connection.execute(
                """
                INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, base_revision, current_revision, created_at)
                VALUES (\(notification.recipient.key), \(notification.kind.rawValue), \(notification.actor.key), \(notification.entry?.key),
                    \(notification.baseRevision), \(notification.currentRevision), \(notification.createdAt.toMilliseconds))
                """,
                logger: logger
            )
        }
    }

    /// Reads a page of the account's notifications.
    public func notifications(of account: Account.ID, page: PageRequest) async throws -> [AccountNotification] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT id, recipient_id, kind, actor_id, entry_id, conversation_id, base_revision, current_revision, created_at
                FROM notifications WHERE recipient_id = \(account.key) AND id < \(page.maxCursor ?? .max) AND id > \(page.sinceCursor ?? 0)
                ORDER BY id DESC LIMIT \(page.limit)
                """,
                logger: logger
            ).map { row in
                let (id, recipient, kindName, actor, entry, conversation, base, current, createdAt) =
                    try row.decode((Int64, Int64, String, Int64, Int64?, Int64?, Int?, Int?, Date).self)
                let kind = try stored(AccountNotification.Kind.init(rawValue:), kindName, "notification kind")
                return AccountNotification(
                    id: AccountNotification.ID(integer: id), recipient: Account.ID(integer: recipient), kind: kind, actor: Account.ID(integer: actor),
                    entry: entry.map(Entry.ID.init(integer:)), conversation: conversation.map(Conversation.ID.init(integer:)),
                    baseRevision: base, currentRevision: current, createdAt: createdAt.toMilliseconds
                )
            }
        }
    }

    /// Moves the account's read marker forward, never back, in one upsert.
    public func markNotificationsRead(of account: Account.ID, upTo id: Int64) async throws -> Int64 {
        try await writing { connection in
            try await connection.query(
                """
                INSERT INTO notification_reads (account_id, read_up_to) VALUES (\(account.key), \(id))
                ON CONFLICT (account_id) DO UPDATE SET read_up_to = greatest(notification_reads.read_up_to, excluded.read_up_to)
                RETURNING read_up_to
                """,
                logger: logger
            ).first { try $0.decode(Int64.self) } ?? id
        }
    }

    /// Reads the account's read marker.
    public func notificationsReadUpTo(of account: Account.ID) async throws -> Int64 {
        try await reading { connection in
            try await connection.query(
                "SELECT read_up_to FROM notification_reads WHERE account_id = \(account.key)", logger: logger
            ).first { try $0.decode(Int64.self) } ?? 0
        }
    }

    /// Records that `actor` did `kind` to `recipient`, in the caller's transaction, after taking the notifications'
    /// lock so their IDs commit in order; nobody is told of what they did to themselves.
    func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID? = nil,
        conversation: Int64? = nil, at date: Date, on connection: PostgresConnection
    ) async throws {
        guard recipient != actor else { return }
        try await lock(.notifications, on: connection)
        try await connection.execute(
            """
            INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, conversation_id, created_at)
            VALUES (\(recipient.key), \(kind.rawValue), \(actor.key), \(entry?.key), \(conversation), \(date.toMilliseconds))
            """,
            logger: logger
        )
    }
}
