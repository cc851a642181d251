import Foundation
import GRDB
import QwinkleKit

/// Entries written while the server could not be reached, kept in the offline database until `flush` sends them.
///
/// An outbox belongs to one account on one server. Each item gets its idempotency key when it is queued, stored
/// with it before any attempt and sent with every attempt, so the server makes the entry exactly once however
/// often a send is interrupted. An item is pending until the server makes its entry (sent) or refuses it (failed:
/// kept for the person to see, never sent again). Each change of state is one transaction.
public struct Outbox: Sendable {
    /// How long a sent item is kept as a receipt; a flush removes older ones.
    public static let sentRetention: TimeInterval = 7 * 24 * 60 * 60

    /// The database the queue lives in.
    public let store: OfflineStore
    /// The server the entries go to.
    public let server: ServerAddress
    /// The username of the account that posts them.
    public let username: String
    let now: @Sendable () -> Date

    /// The outbox of `username` on `server`; `now` tells the time of each change.
    public init(store: OfflineStore, server: ServerAddress, username: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.server = server
        self.username = username
        self.now = now
    }

    /// Queues an entry with a new idempotency key, behind the items already pending: a reply to `parent` when there
    /// is one (`wider`: it may be read more widely than the parent).
    ///
    /// The content is not judged here: the server's rule decides, and a refusal marks the item failed.
    public func enqueue(
        _ content: EntryContent, replyingTo parent: Entry.ID? = nil, wider: Bool = false
    ) async throws(OfflineError) -> OutboxItem {
        let json: String
        do {
            json = String(decoding: try QwinkleJSON.encode(content), as: UTF8.self)
        } catch {
            throw .database(path: store.path, reason: "the entry could not be encoded (\(error))")
        }
        let key = UUID().uuidString.lowercased()
        let queuedAt = OfflineTimestamp.stored(now())
        let scope = scope
        let rowID = try await store.write { (db: Database) throws -> Int64 in
            try db.execute(
                sql: """
                    INSERT INTO outbox (server, account, idempotency_key, content, queued_at, state, in_reply_to, wider_visibility)
                    VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
                    """,
                arguments: [scope.server, scope.account, key, json, OfflineTimestamp.milliseconds(queuedAt), parent?.rawValue, parent != nil && wider]
            )
            return db.lastInsertedRowID
        }
        return OutboxItem(
            id: OutboxItem.ID(integer: rowID), content: content, replyingTo: parent, wider: parent != nil && wider,
            idempotencyKey: key, queuedAt: queuedAt, state: .pending
        )
    }

    /// Every item, pending, failed or recently sent, in queue order.
    public func items() async throws(OfflineError) -> [OutboxItem] {
        try await items(where: nil)
    }

    /// The items waiting to be sent, in the order they will be sent.
    public func pending() async throws(OfflineError) -> [OutboxItem] {
        try await items(where: "pending")
    }

    /// The items the server refused, oldest first.
    public func failed() async throws(OfflineError) -> [OutboxItem] {
        try await items(where: "failed")
    }

    /// Removes a failed item, once the person has seen it; a pending or sent item cannot be discarded.
    public func discard(_ id: OutboxItem.ID) async throws(OfflineError) {
        guard let rowID = id.integerValue else { throw .notDiscardable(id) }
        let scope = scope
        let removed = try await store.write { (db: Database) throws -> Bool in
            try db.execute(
                sql: "DELETE FROM outbox WHERE id = ? AND server = ? AND account = ? AND state = 'failed'",
                arguments: [rowID, scope.server, scope.account]
            )
            return db.changesCount > 0
        }
        guard removed else { throw .notDiscardable(id) }
    }

    /// This outbox's items in one state (or all), in queue order.
    func items(where state: String?) async throws(OfflineError) -> [OutboxItem] {
        let (scope, path) = (scope, store.path)
        return try await store.read { (db: Database) throws -> [OutboxItem] in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM outbox WHERE server = ? AND account = ? AND (? IS NULL OR state = ?) ORDER BY id",
                arguments: StatementArguments([scope.server, scope.account, state, state] as [String?])
            )
            var items: [OutboxItem] = []
            for row in rows { items.append(try OutboxItem(row: row, path: path)) }
            return items
        }
    }

    /// The rows' key. Usernames are case-insensitive, so they are stored lowercase.
    var scope: (server: String, account: String) {
        (server.description, username.lowercased())
    }
}
