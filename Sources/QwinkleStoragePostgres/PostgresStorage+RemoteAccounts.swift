import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: RemoteAccountStore {
    /// Inserts the account and its actor, or updates both, in one transaction.
    public func storeRemoteActor(_ actor: RemoteActor, at date: Date) async throws -> Account {
        let handle = actor.handle.lowercased()
        do {
            return try await writing { connection in
                // Locked, so that two deliveries naming one new actor at once keep one account for it.
                try await connection.execute("SELECT pg_advisory_xact_lock(hashtext(\(actor.actorURL)))", logger: logger)
                let kept = try await connection.query(
                    "SELECT account_id FROM remote_accounts WHERE actor_url = \(actor.actorURL)", logger: logger
                ).first { try $0.decode(Int64.self) }
                let id: Int64
                if let kept {
                    id = kept
                    try await connection.execute(
                        "UPDATE accounts SET display_name = \(actor.displayName), bio = \(actor.bio) WHERE id = \(id)", logger: logger
                    )
                    try await connection.execute(
                        """
                        UPDATE remote_accounts SET inbox = \(actor.inbox), shared_inbox = \(actor.sharedInbox), profile_url = \(actor.profileURL),
                            fetched_at = \(date.toMilliseconds)
                        WHERE account_id = \(id)
                        """,
                        logger: logger
                    )
                } else {
                    // No email and no password: nobody signs in as another server's person.
                    guard let inserted = try await connection.query(
                        """
                        INSERT INTO accounts (username, email, password_hash, display_name, bio, created_at)
                        VALUES (\(handle), '', '', \(actor.displayName), \(actor.bio), \(date.toMilliseconds)) RETURNING id
                        """,
                        logger: logger
                    ).first({ try $0.decode(Int64.self) }) else { throw StorageError.notFound("Account \(handle)") }
                    id = inserted
                    try await connection.execute(
                        """
                        INSERT INTO remote_accounts (account_id, actor_url, host, inbox, shared_inbox, profile_url, fetched_at)
                        VALUES (\(id), \(actor.actorURL), \(RemoteHost.of(actor.actorURL)), \(actor.inbox), \(actor.sharedInbox),
                            \(actor.profileURL), \(date.toMilliseconds))
                        """,
                        logger: logger
                    )
                }
                guard let account = try await connection.query(
                    "SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE id = \(id)", logger: logger
                ).first({ try $0.account() }) else { throw StorageError.notFound("Account \(id)") }
                return account
            }
        } catch let error where PostgresFailure.sqlState(of: error) == "23505" {
            throw StorageError.usernameTaken(handle)
        }
    }

    /// Reads the account through its actor's row.
    public func remoteAccount(actorURL: String) async throws -> Account? {
        try await reading { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.accountColumns) FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id
                WHERE actor_url = \(actorURL)
                """,
                logger: logger
            ).first { try $0.account() }
        }
    }

    /// Reads the actor's row with the account's handle, name and bio.
    public func remoteActor(of account: Account.ID) async throws -> RemoteActor? {
        try await reading { connection in
            try await connection.query(
                """
                SELECT actor_url, username, display_name, bio, inbox, shared_inbox, profile_url
                FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id WHERE account_id = \(account.key)
                """,
                logger: logger
            ).first { row in
                let (actor, handle, name, bio, inbox, shared, profile) = try row.decode((String, String, String, String, String, String?, String?).self)
                return RemoteActor(actorURL: actor, handle: handle, displayName: name, bio: bio, inbox: inbox, sharedInbox: shared, profileURL: profile)
            }
        }
    }

    /// Inserts the entry and its object ID in one transaction, unless the object ID is kept already.
    public func createRemoteEntry(objectID: String, _ new: NewEntry) async throws -> EntryCreation {
        try await writing { connection in
            try await lock(.entries, on: connection)
            if let kept = try await connection.query(
                "SELECT entry_id FROM remote_entries WHERE object_id = \(objectID)", logger: logger
            ).first({ try $0.decode(Int64.self) }) {
                for place in [EntryPlace.outsideTrash, .inTrash] {
                    if let entry = try await fetchEntries(on: connection, in: place, where: "entries.id = \(kept)").first?.item {
                        return .replayed(entry)
                    }
                }
                throw StorageError.notFound("Entry \(kept)")
            }
            let entry = try await sql(connection).insertEntry(new)
            try await connection.execute("INSERT INTO remote_entries (entry_id, object_id) VALUES (\(entry.id.key), \(objectID))", logger: logger)
            return .created(entry)
        }
    }

    /// Looks the object ID up.
    public func entryID(objectID: String) async throws -> Entry.ID? {
        try await reading { connection in
            try await connection.query("SELECT entry_id FROM remote_entries WHERE object_id = \(objectID)", logger: logger).first { row in
                Entry.ID(integer: try row.decode(Int64.self))
            }
        }
    }

    /// Looks the entries up in one query.
    public func objectIDs(of entries: [Entry.ID]) async throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        return try await reading { connection in try await objectIDs(of: entries, on: connection) }
    }

    /// The object IDs of these entries, for those that came from elsewhere, in one query on `connection`.
    func objectIDs(of entries: [Entry.ID], on connection: PostgresConnection) async throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        var found: [Entry.ID: String] = [:]
        let rows = try await connection.query(
            "SELECT entry_id, object_id FROM remote_entries WHERE entry_id = ANY(\(entries.map(\.key))::bigint[])", logger: logger
        )
        for try await (entry, object) in rows.decode((Int64, String).self) { found[Entry.ID(integer: entry)] = object }
        return found
    }

    /// Looks for one follow by an account that is not remote.
    public func hasLocalFollowers(_ account: Account.ID) async throws -> Bool {
        try await reading { connection in
            try await connection.query(
                """
                SELECT 1 FROM follows WHERE followee_id = \(account.key)
                    AND NOT EXISTS (SELECT 1 FROM remote_accounts WHERE remote_accounts.account_id = follows.follower_id)
                LIMIT 1
                """,
                logger: logger
            ).first { _ in true } ?? false
        }
    }
}
