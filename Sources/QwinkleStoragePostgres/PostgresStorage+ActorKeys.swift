import PostgresNIO
import QwinkleKit
import QwinkleStorage

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
}
