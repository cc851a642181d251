import Foundation
import QwinkleKit
import QwinkleStorage

extension RemoteAccountStore where Self: SQLDatabase {
    /// Inserts the account and its actor, or updates both, in one transaction.
    public func storeRemoteActor(_ actor: RemoteActor, at date: Date) async throws -> Account {
        let handle = actor.handle.lowercased()
        do {
            return try await write { connection in
                // Locked, so that two deliveries naming one new actor at once keep one account for it.
                try await connection.lock(name: actor.actorURL)
                let id: Int64
                if let kept = try await connection.value("SELECT account_id FROM remote_accounts WHERE actor_url = \(actor.actorURL)", as: Int64.self) {
                    id = kept
                    try await connection.execute(
                        "UPDATE accounts SET display_name = \(actor.displayName), bio = \(actor.bio), locked = \(actor.locked ? 1 : 0) WHERE id = \(id)"
                    )
                    try await connection.execute(
                        """
                        UPDATE remote_accounts SET inbox = \(actor.inbox), shared_inbox = \(actor.sharedInbox), profile_url = \(actor.profileURL),
                            fetched_at = \(date)
                        WHERE account_id = \(id)
                        """
                    )
                } else {
                    // No email and no password: nobody signs in as another server's person. One of a limited server is
                    // limited from the start.
                    let domains = RemoteHost.domains(of: RemoteHost.of(actor.actorURL))
                    let limited = try await connection.returnsRow(
                        "SELECT 1 FROM blocked_domains WHERE severity = 'limit' AND domain IN (\(list: domains.isEmpty ? [""] : domains))"
                    )
                    guard let inserted = try await connection.value(
                        """
                        INSERT INTO accounts (username, email, password_hash, display_name, bio, created_at, locked, standing)
                        VALUES (\(handle), '', '', \(actor.displayName), \(actor.bio), \(date), \(actor.locked ? 1 : 0), \(limited ? "limited" : nil))
                        RETURNING id
                        """,
                        as: Int64.self
                    ) else { throw StorageError.notFound("Account \(handle)") }
                    id = inserted
                    try await connection.execute(
                        """
                        INSERT INTO remote_accounts (account_id, actor_url, host, inbox, shared_inbox, profile_url, fetched_at)
                        VALUES (\(id), \(actor.actorURL), \(RemoteHost.of(actor.actorURL)), \(actor.inbox), \(actor.sharedInbox),
                            \(actor.profileURL), \(date))
                        """
                    )
                }
                guard let account = try await connection.first(Statements.account(id: Account.ID(integer: id)), { try $0.account() }) else {
                    throw StorageError.notFound("Account \(id)")
                }
                return account
            }
        } catch where isUniqueViolation(error) {
            throw StorageError.usernameTaken(handle)
        }
    }

    /// Reads the account through its actor's row.
    public func remoteAccount(actorURL: String) async throws -> Account? {
        try await readStatement { connection in
            try await connection.first(
                """
                SELECT \(raw: Columns.account) FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id
                WHERE actor_url = \(actorURL)
                """
            ) { try $0.account() }
        }
    }

    /// Reads the actor's row with the account's handle, name and bio.
    public func remoteActor(of account: Account.ID) async throws -> RemoteActor? {
        try await readStatement { connection in
            try await connection.first(
                """
                SELECT actor_url, username, display_name, bio, inbox, shared_inbox, profile_url, locked
                FROM remote_accounts JOIN accounts ON accounts.id = remote_accounts.account_id WHERE account_id = \(account.key)
                """
            ) { row in
                RemoteActor(
                    actorURL: try row[0], handle: try row[1], displayName: try row[2], bio: try row[3], inbox: try row[4],
                    sharedInbox: try row[5], profileURL: try row[6], locked: try row[7] as Int64 == 1
                )
            }
        }
    }

    /// Lists the accounts whose host is the domain or under it.
    public func remoteAccountIDs(onDomain domain: String) async throws -> [Account.ID] {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await readStatement { connection in
            try await connection.rows(
                "SELECT account_id FROM remote_accounts WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\' ORDER BY account_id"
            ) { Account.ID(integer: try $0[0]) }
        }
    }

    /// Reads where the avatar came from.
    public func remoteAvatarSource(of account: Account.ID) async throws -> String? {
        try await readStatement { connection in
            try await connection.first("SELECT avatar_url FROM remote_accounts WHERE account_id = \(account.key)") { row -> String? in try row[0] } ?? nil
        }
    }

    /// Sets the avatar and where it came from.
    public func setRemoteAvatar(_ photo: Photo.ID, source: String, of account: Account.ID) async throws -> Account {
        try await write { connection in
            try await connection.execute("UPDATE remote_accounts SET avatar_url = \(source) WHERE account_id = \(account.key)")
            guard let updated = try await connection.first(
                "UPDATE accounts SET avatar_photo_id = \(photo.key) WHERE id = \(account.key) RETURNING \(raw: Columns.account)", { try $0.account() }
            ) else { throw StorageError.notFound("Account \(account)") }
            return updated
        }
    }

    /// Inserts the entry and its object ID in one transaction, unless the object ID is kept already.
    public func createRemoteEntry(objectID: String, _ new: NewEntry) async throws -> EntryCreation {
        try await write { connection in
            try await connection.lock(.entries)
            if let kept = try await connection.value("SELECT entry_id FROM remote_entries WHERE object_id = \(objectID)", as: Int64.self) {
                for place in [EntryPlace.outsideTrash, .inTrash] {
                    if let entry = try await connection.entry(id: Entry.ID(integer: kept), in: place) { return .replayed(entry) }
                }
                throw StorageError.notFound("Entry \(kept)")
            }
            let entry = try await connection.insertEntry(new)
            try await connection.execute("INSERT INTO remote_entries (entry_id, object_id) VALUES (\(entry.id.key), \(objectID))")
            return .created(entry)
        }
    }

    /// Looks the object ID up.
    public func entryID(objectID: String) async throws -> Entry.ID? {
        try await readStatement { connection in
            try await connection.value("SELECT entry_id FROM remote_entries WHERE object_id = \(objectID)", as: Int64.self).map(Entry.ID.init(integer:))
        }
    }

    /// Looks the entries up in one query.
    public func objectIDs(of entries: [Entry.ID]) async throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        return try await readStatement { connection in try await connection.objectIDs(of: entries) }
    }

    /// Looks for one follow by an account that is not remote.
    public func hasLocalFollowers(_ account: Account.ID) async throws -> Bool {
        try await readStatement { connection in
            try await connection.returnsRow(
                """
                SELECT 1 FROM follows WHERE followee_id = \(account.key)
                    AND NOT EXISTS (SELECT 1 FROM remote_accounts WHERE remote_accounts.account_id = follows.follower_id)
                LIMIT 1
                """
            )
        }
    }
}

extension SQLConnection {
    /// The object IDs of these entries, for those that came from elsewhere, in one statement.
    package func objectIDs(of entries: [Entry.ID]) async throws -> [Entry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        var found: [Entry.ID: String] = [:]
        try await forEach("SELECT entry_id, object_id FROM remote_entries WHERE entry_id IN (\(list: entries.map(\.key)))") { row in
            found[Entry.ID(integer: try row[0])] = try row[1]
        }
        return found
    }
}
