import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: NotificationStore {
    /// Inserts the notification.
    public func addNotification(_ notification: NewNotification) async throws {
        try await commits.write { db in
            try db.execute(
                cached: """
                    INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, base_revision, current_revision, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    notification.recipient.key, notification.kind.rawValue, notification.actor.key, notification.entry?.key,
                    notification.baseRevision, notification.currentRevision, notification.createdAt,
                ]
            )
        }
    }

    /// Reads a page of the account's notifications.
    public func notifications(of account: Account.ID, page: PageRequest) async throws -> [AccountNotification] {
        try reading { db in
            let window = Self.pageWindow(page, column: "id")
            return try Row.fetchAll(
                db,
                cached: """
                    SELECT id, recipient_id, kind, actor_id, entry_id, conversation_id, base_revision, current_revision, created_at
                    FROM notifications WHERE recipient_id = ?\(window.sql) ORDER BY id DESC LIMIT ?
                    """,
                arguments: StatementArguments([account.key] + window.arguments + [Int64(page.limit)])
            ).map { try $0.notification() }
        }
    }

    /// Moves the account's read marker forward, never back.
    public func markNotificationsRead(of account: Account.ID, upTo id: Int64) async throws -> Int64 {
        try await commits.write { db in
            try db.execute(
                cached: """
                    INSERT INTO notification_reads (account_id, read_up_to) VALUES (?, ?)
                    ON CONFLICT (account_id) DO UPDATE SET read_up_to = max(read_up_to, excluded.read_up_to)
                    """,
                arguments: [account.key, id]
            )
            return try Int64.fetchOne(db, cached: "SELECT read_up_to FROM notification_reads WHERE account_id = ?", arguments: [account.key]) ?? 0
        }
    }

    /// Reads the account's read marker.
    public func notificationsReadUpTo(of account: Account.ID) async throws -> Int64 {
        try reading { db in
            try Int64.fetchOne(db, cached: "SELECT read_up_to FROM notification_reads WHERE account_id = ?", arguments: [account.key]) ?? 0
        }
    }
}

extension SQLiteStorage {
    /// Records that `actor` did `kind` to `recipient`, in the caller's transaction; nobody is told of what they did
    /// to themselves.
    static func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID? = nil,
        conversation: Int64? = nil, at date: Date, in db: Database
    ) throws {
        guard recipient != actor else { return }
        try db.execute(
            cached: """
                INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, conversation_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [recipient.key, kind.rawValue, actor.key, entry?.key, conversation, date]
        )
    }
}

extension Row {
    /// A notification's columns in the order `notifications(of:page:)` selects them.
    fileprivate func notification() throws -> AccountNotification {
        let kind = try stored(AccountNotification.Kind.init(rawValue:), self[2] as String, "notification kind")
        let entry: Int64? = self[4]
        let conversation: Int64? = self[5]
        return AccountNotification(
            id: AccountNotification.ID(integer: self[0]), recipient: Account.ID(integer: self[1]), kind: kind,
            actor: Account.ID(integer: self[3]), entry: entry.map(Entry.ID.init(integer:)),
            conversation: conversation.map(Conversation.ID.init(integer:)), baseRevision: self[6], currentRevision: self[7], createdAt: self[8]
        )
    }
}
