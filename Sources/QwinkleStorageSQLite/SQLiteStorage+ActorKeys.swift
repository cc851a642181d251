import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: ActorKeyStore {
    /// Reads the account's keys.
    public func actorKeys(of account: Account.ID) async throws -> ActorKeys? {
        try reading { db in
            try Row.fetchOne(
                db, cached: "SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = ?", arguments: [account.key]
            ).map { row in ActorKeys(publicKeyPEM: row[0], privateKeyPEM: row[1]) }
        }
    }

    /// Inserts the keys unless the account has some, then reads the ones kept.
    public func storeActorKeys(_ keys: ActorKeys, for account: Account.ID) async throws -> ActorKeys {
        try await commits.write { db in
            guard try Bool.fetchOne(db, cached: "SELECT 1 FROM accounts WHERE id = ?", arguments: [account.key]) == true else {
                throw StorageError.notFound("Account \(account)")
            }
            try db.execute(
                cached: "INSERT INTO actor_keys (account_id, public_key_pem, private_key_pem) VALUES (?, ?, ?) ON CONFLICT (account_id) DO NOTHING",
                arguments: [account.key, keys.publicKeyPEM, keys.privateKeyPEM]
            )
            guard let row = try Row.fetchOne(
                db, cached: "SELECT public_key_pem, private_key_pem FROM actor_keys WHERE account_id = ?", arguments: [account.key]
            ) else { throw StorageError.notFound("The keys of account \(account)") }
            return ActorKeys(publicKeyPEM: row[0], privateKeyPEM: row[1])
        }
    }

    /// Reads the server's keys.
    public func serverKeys() async throws -> ActorKeys? {
        try reading { db in
            try Row.fetchOne(db, cached: "SELECT public_key_pem, private_key_pem FROM server_keys WHERE id = 1").map { row in
                ActorKeys(publicKeyPEM: row[0], privateKeyPEM: row[1])
            }
        }
    }

    /// Inserts the server's keys unless it has some, then reads the ones kept.
    public func storeServerKeys(_ keys: ActorKeys) async throws -> ActorKeys {
        try await commits.write { db in
            try db.execute(
                cached: "INSERT INTO server_keys (id, public_key_pem, private_key_pem) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
                arguments: [keys.publicKeyPEM, keys.privateKeyPEM]
            )
            guard let row = try Row.fetchOne(db, cached: "SELECT public_key_pem, private_key_pem FROM server_keys WHERE id = 1") else {
                throw StorageError.notFound("The server's keys")
            }
            return ActorKeys(publicKeyPEM: row[0], privateKeyPEM: row[1])
        }
    }
}
