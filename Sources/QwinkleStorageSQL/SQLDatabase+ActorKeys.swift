import QwinkleKit
import QwinkleStorage

extension ActorKeyStore where Self: SQLDatabase {
    /// Reads the account's keys.
    public func actorKeys(of account: Account.ID) async throws -> ActorKeys? {
        try await read { connection in
            try await connection.first("SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = \(account.key)") {
                try $0.actorKeys()
            }
        }
    }

    /// Inserts the keys unless the account has some, then reads the ones kept: in PostgreSQL each statement sees
    /// what committed before it, so keys another server inserted meanwhile (the insert waited for them) are read.
    public func storeActorKeys(_ keys: ActorKeys, for account: Account.ID) async throws -> ActorKeys {
        try await write { connection in
            guard try await connection.returnsRow("SELECT 1 FROM accounts WHERE id = \(account.key)") else {
                throw StorageError.notFound("Account \(account)")
            }
            try await connection.execute(
                """
                INSERT INTO actor_keys (account_id, public_key_pem, private_key_pem) VALUES (\(account.key), \(keys.publicKeyPEM), \(keys.privateKeyPEM))
                ON CONFLICT (account_id) DO NOTHING
                """
            )
            guard let kept = try await connection.first(
                "SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = \(account.key)", { try $0.actorKeys() }
            ) else { throw StorageError.notFound("The keys of account \(account)") }
            return kept
        }
    }

    /// Reads the server's keys.
    public func serverKeys() async throws -> ActorKeys? {
        try await read { connection in
            try await connection.first("SELECT public_key_pem, private_key_pem FROM server_keys WHERE id = 1") { try $0.actorKeys() }
        }
    }

    /// Inserts the server's keys unless it has some, then reads the ones kept.
    public func storeServerKeys(_ keys: ActorKeys) async throws -> ActorKeys {
        try await write { connection in
            try await connection.execute(
                """
                INSERT INTO server_keys (id, public_key_pem, private_key_pem) VALUES (1, \(keys.publicKeyPEM), \(keys.privateKeyPEM))
                ON CONFLICT (id) DO NOTHING
                """
            )
            guard let kept = try await connection.first("SELECT public_key_pem, private_key_pem FROM server_keys WHERE id = 1", {
                try $0.actorKeys()
            }) else { throw StorageError.notFound("The server's keys") }
            return kept
        }
    }
}

extension SQLRow {
    /// The keys of a row that selects a public and a private key's PEM.
    fileprivate func actorKeys() throws -> ActorKeys {
        ActorKeys(publicKeyPEM: try self[0], privateKeyPEM: try self[1])
    }
}
