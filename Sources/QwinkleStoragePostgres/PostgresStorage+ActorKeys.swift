import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ActorKeyStore {
    /// Reads the account's keys.
    public func actorKeys(of account: Account.ID) async throws -> ActorKeys? {
        try await reading { connection in
            try await connection.query(
                "SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = \(account.key)", logger: logger
            ).first { row in
                let (publicKey, privateKey) = try row.decode((String, String).self)
                return ActorKeys(publicKeyPEM: publicKey, privateKeyPEM: privateKey)
            }
        }
    }

    /// Inserts the keys unless the account has some, then reads the ones kept: the insert's result or the row found,
    /// in one statement; a row another server inserted while it ran is in neither, and is read after it.
    public func storeActorKeys(_ keys: ActorKeys, for account: Account.ID) async throws -> ActorKeys {
        let stored = try await writing { connection in
            try await connection.query(
                """
                WITH inserted AS (
                    INSERT INTO actor_keys (account_id, public_key_pem, private_key_pem)
                    SELECT id, \(keys.publicKeyPEM), \(keys.privateKeyPEM) FROM accounts WHERE id = \(account.key)
                    ON CONFLICT (account_id) DO NOTHING
                    RETURNING public_key_pem, private_key_pem
                )
                SELECT public_key_pem, private_key_pem FROM inserted
                UNION ALL
                SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = \(account.key)
                LIMIT 1
                """,
                logger: logger
            ).first { row in
                let (publicKey, privateKey) = try row.decode((String, String).self)
                return ActorKeys(publicKeyPEM: publicKey, privateKeyPEM: privateKey)
            }
        }
        if let stored { return stored }
        guard let concurrent = try await actorKeys(of: account) else { throw StorageError.notFound("Account \(account)") }
        return concurrent
    }

    /// Reads the server's keys.
    public func serverKeys() async throws -> ActorKeys? {
        try await reading { connection in
            try await connection.query("SELECT public_key_pem, private_key_pem FROM server_keys WHERE id = 1", logger: logger).first { row in
                let (publicKey, privateKey) = try row.decode((String, String).self)
                return ActorKeys(publicKeyPEM: publicKey, privateKeyPEM: privateKey)
            }
        }
    }

    /// Inserts the server's keys unless it has some, then reads the ones kept (after the insert's transaction, so a
    /// row another server inserted meanwhile is seen).
    public func storeServerKeys(_ keys: ActorKeys) async throws -> ActorKeys {
        try await writing { connection in
            try await connection.execute(
                """
                INSERT INTO server_keys (id, public_key_pem, private_key_pem) VALUES (1, \(keys.publicKeyPEM), \(keys.privateKeyPEM))
                ON CONFLICT (id) DO NOTHING
                """,
                logger: logger
            )
        }
        guard let kept = try await serverKeys() else { throw StorageError.notFound("The server's keys") }
        return kept
    }
}
