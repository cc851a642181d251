import QwinkleKit
import QwinkleStorage

extension NotificationStore where Self: SQLDatabase {
    /// Inserts the notification under the notifications' lock.
    public func addNotification(_ notification: NewNotification) async throws {
        try await write { connection in
            try await connection.lock(.notifications)
            try await connection.execute(
                """
                INSERT INTO notifications (recipient_id, kind, actor_id, entry_id, base_revision, current_revision, created_at)
                VALUES (\(notification.recipient.key), \(notification.kind.rawValue), \(notification.actor.key), \(notification.entry?.key),
                    \(notification.baseRevision), \(notification.currentRevision), \(notification.createdAt))
                """
            )
        }
    }

    /// Reads a page of the account's notifications.
    public func notifications(of account: Account.ID, page: PageRequest) async throws -> [AccountNotification] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT \(raw: Columns.notification) FROM notifications
                WHERE recipient_id = \(account.key)\(SQL.pageWindow(page, column: "id")) ORDER BY id DESC LIMIT \(page.limit)
                """
            ) { try $0.notification() }
        }
    }

    /// Moves the account's read marker forward, never back, in one upsert.
    public func markNotificationsRead(of account: Account.ID, upTo id: Int64) async throws -> Int64 {
        try await write { connection in
            try await connection.value(
                """
                INSERT INTO notification_reads (account_id, read_up_to) VALUES (\(account.key), \(id))
                ON CONFLICT (account_id) DO UPDATE
                SET read_up_to = \(sqlite: "max", postgres: "greatest")(notification_reads.read_up_to, excluded.read_up_to)
                RETURNING read_up_to
                """,
                as: Int64.self
            ) ?? id
        }
    }

    /// Deletes the matching rows in one statement, by the recipient's index.
    public func dismissNotifications(of account: Account.ID, _ match: NotificationMatch) async throws -> Int {
        var condition: SQL = "recipient_id = \(account.key)"
        if let kind = match.kind { condition = "\(condition) AND kind = \(kind.rawValue)" }
        if let entry = match.entry { condition = "\(condition) AND entry_id = \(entry.key)" }
        if let ids = match.ids { condition = "\(condition) AND id >= \(ids.lowerBound) AND id <= \(ids.upperBound)" }
        let matching = condition
        return try await write { connection in
            try await connection.rows("DELETE FROM notifications WHERE \(matching) RETURNING id") { _ in () }.count
        }
    }

    /// Reads the account's read marker.
    public func notificationsReadUpTo(of account: Account.ID) async throws -> Int64 {
        try await read { connection in
            try await connection.value("SELECT read_up_to FROM notification_reads WHERE account_id = \(account.key)", as: Int64.self) ?? 0
        }
    }
}
