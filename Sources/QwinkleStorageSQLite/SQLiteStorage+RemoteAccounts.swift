import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: RemoteAccountStore {
    /// Inserts the account and its actor, or updates both, in one transaction.
    public func storeRemoteActor(_ actor: RemoteActor, at date: Date) async throws -> Account {
        do {
            return try await commits.write { db in
                let kept = try Int64.fetchOne(db, cached: "SELECT account_id FROM remote_accounts WHERE actor_url = ?", arguments: [actor.actorURL])
                let id: Int64
                if let kept {
                    id = kept
                    try db.execute(
                        cached: "UPDATE accounts SET display_name = ?, bio = ? WHERE id = ?", arguments: [actor.displayName, actor.bio, id]
                    )
                    try db.execute(
                        cached: "UPDATE remote_accounts SET inbox = ?, shared_inbox = ?, profile_url = ?, fetched_at = ? WHERE account_id = ?",
                        arguments: [actor.inbox, actor.sharedInbox, actor.profileURL, date, id]
                    )
                } else {
                    // No email and no password: nobody signs in as another server's person.
                    try db.execute(
                        cached: "INSERT INTO accounts (username, email, password_hash, display_name, bio, created_at) VALUES (?, '', '', ?, ?, ?)",
                        arguments: [actor.handle.lowercased(), actor.displayName, actor.bio, date]
                    )
                    id = db.lastInsertedRowID
                    try db.execute(
                        cached: """
                            INSERT INTO remote_accounts (account_id, actor_url, host, inbox, shared_inbox, profile_url, fetched_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [id, actor.actorURL, RemoteHost.of(actor.actorURL), actor.inbox, actor.sharedInbox, actor.profileURL, date]
                    )
                }
                return try Self.fetchAccount(db, id: id)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.usernameTaken(actor.handle.lowercased())
        }
    }

    /// Reads the account through its actor's row.
    public func remoteAccount(actorURL: String) async throws -> Account? {
        try reading { db in
            try Row.fetchOne(
                db,
                cached: "SELECT \(Self.accountColumns) FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id WHERE actor_url = ?",
                arguments: [actorURL]
            )?.account()
        }
    }

    /// Reads the actor's row with the account's handle, name and bio.
    public func remoteActor(of account: Account.ID) async throws -> RemoteActor? {
        try reading { db in
            try Row.fetchOne(
                db,
                cached: """
                    SELECT actor_url, username, display_name, bio, inbox, shared_inbox, profile_url
                    FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id WHERE account_id = ?
                    """,
                arguments: [account.key]
            ).map { row in
                RemoteActor(
                    actorURL: row[0], handle: row[1], displayName: row[2], bio: row[3], inbox: row[4], sharedInbox: row[5], profileURL: row[6]
                )
            }
        }
    }

    /// Inserts the entry and its object ID in one transaction, unless the object ID is kept already.
    public func createRemoteEntry(objectID: String, _ new: NewEntry) async throws -> EntryCreation {
        try await commits.write { db in
            if let kept = try Int64.fetchOne(db, cached: "SELECT entry_id FROM remote_entries WHERE object_id = ?", arguments: [objectID]) {
                guard let entry = try Self.fetchEntry(db, id: kept) ?? Self.fetchEntry(db, id: kept, in: .inTrash) else {
                    throw StorageError.notFound("Entry \(kept)")
                }
                return .replayed(entry)
            }
            let entry = try Self.insertEntry(new, in: db)
            try db.execute(cached: "INSERT INTO remote_entries (entry_id, object_id) VALUES (?, ?)", arguments: [entry.id.key, objectID])
            return .created(entry)
        }
    }

    /// Looks the object ID up.
    public func entryID(objectID: String) async throws -> Entry.ID? {
        try reading { db in
            try Int64.fetchOne(db, cached: "SELECT entry_id FROM remote_entries WHERE object_id = ?", arguments: [objectID]).map(Entry.ID.init(integer:))
        }
    }

    /// Looks the entries up in one query.
    public func objectIDs(of entries: [Entry.ID]) async throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        return try readingOneStatement { db in try Self.objectIDs(of: entries, in: db) }
    }

    /// The object IDs of these entries, for those that came from elsewhere, in one statement.
    static func objectIDs(of entries: [Entry.ID], in db: Database) throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db, cached: "SELECT entry_id, object_id FROM remote_entries WHERE entry_id IN \(placeholders(entries.count))",
            arguments: StatementArguments(entries.map { $0.key })
        )
        return Dictionary(rows.map { (Entry.ID(integer: $0[0]), $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    /// Looks for one follow by an account that is not remote.
    public func hasLocalFollowers(_ account: Account.ID) async throws -> Bool {
        try reading { db in
            try Bool.fetchOne(
                db,
                cached: """
                    SELECT 1 FROM follows WHERE followee_id = ?
                        AND NOT EXISTS (SELECT 1 FROM remote_accounts WHERE remote_accounts.account_id = follows.follower_id)
                    LIMIT 1
                    """,
                arguments: [account.key]
            ) ?? false
        }
    }
}
