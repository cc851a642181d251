import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: FederationStore {
    /// Inserts or replaces the follower.
    public func addRemoteFollower(_ follower: RemoteFollower, of account: Account.ID, at date: Date) async throws {
        try await commits.write { db in
            guard try Bool.fetchOne(db, cached: "SELECT 1 FROM accounts WHERE id = ?", arguments: [account.key]) == true else {
                throw StorageError.notFound("Account \(account)")
            }
            try db.execute(
                cached: """
                    INSERT INTO remote_followers (account_id, actor_url, host, inbox, shared_inbox, follow_activity, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (account_id, actor_url) DO UPDATE
                    SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_activity = excluded.follow_activity
                    """,
                arguments: [
                    account.key, follower.actorURL, RemoteHost.of(follower.actorURL), follower.inbox, follower.sharedInbox,
                    follower.followActivity, date,
                ]
            )
        }
    }

    /// Deletes the follower's row.
    public func removeRemoteFollower(actorURL: String, of account: Account.ID) async throws -> Bool {
        try await commits.write { db in
            try db.execute(
                cached: "DELETE FROM remote_followers WHERE account_id = ? AND actor_url = ?", arguments: [account.key, actorURL]
            )
            return db.changesCount > 0
        }
    }

    /// Deletes the actor's follows.
    public func forgetRemoteActor(_ actorURL: String) async throws -> Int {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM remote_followers WHERE actor_url = ?", arguments: [actorURL])
            return db.changesCount
        }
    }

    /// Reads the account's remote followers.
    public func remoteFollowers(of account: Account.ID) async throws -> [RemoteFollower] {
        try reading { db in
            try Row.fetchAll(
                db,
                cached: """
                    SELECT actor_url, inbox, shared_inbox, follow_activity FROM remote_followers
                    WHERE account_id = ? ORDER BY created_at, actor_url
                    """,
                arguments: [account.key]
            ).map { row in RemoteFollower(actorURL: row[0], inbox: row[1], sharedInbox: row[2], followActivity: row[3]) }
        }
    }

    /// Inserts the deliveries in one transaction.
    public func enqueueDeliveries(_ deliveries: [NewDelivery], at date: Date) async throws {
        guard !deliveries.isEmpty else { return }
        try await commits.write { db in try Self.insertDeliveries(deliveries, at: date, in: db) }
    }

    /// Inserts deliveries in the transaction of `db`, each activity once for the deliveries in a row that carry it.
    static func insertDeliveries(_ deliveries: [NewDelivery], at date: Date, in db: Database) throws {
        var stored: (activity: String, id: Int64)?
        for delivery in deliveries {
            let activityID: Int64
            if let stored, stored.activity == delivery.activity {
                activityID = stored.id
            } else {
                try db.execute(cached: "INSERT INTO delivery_activities (activity) VALUES (?)", arguments: [delivery.activity])
                activityID = db.lastInsertedRowID
                stored = (delivery.activity, activityID)
            }
            let signer = delivery.signer.columns
            try db.execute(
                cached: """
                    INSERT INTO deliveries (inbox, host, signer_id, signer_key_id, signer_key_pem, activity_id, due_at, queued_at)
                    VALUES (?, ?, NULLIF(?, 0), NULLIF(?, ''), NULLIF(?, ''), ?, ?, ?)
                    """,
                arguments: [
                    delivery.inbox, RemoteHost.of(delivery.inbox), signer.account, signer.keyID, signer.privateKeyPEM, activityID, date, date,
                ]
            )
        }
    }

    /// Holds the earliest due deliveries nobody holds, in one statement.
    public func takeDueDeliveries(limit: Int, at now: Date, heldUntil: Date) async throws -> [Delivery] {
        try await commits.write { db in
            try Row.fetchAll(
                db,
                cached: """
                    UPDATE deliveries SET held_until = ?
                    WHERE id IN (
                        SELECT id FROM deliveries WHERE due_at <= ? AND (held_until IS NULL OR held_until <= ?)
                        ORDER BY due_at, id LIMIT ?
                    )
                    RETURNING id, inbox, signer_id, signer_key_id, signer_key_pem,
                        (SELECT activity FROM delivery_activities WHERE id = deliveries.activity_id), failed_attempts, queued_at
                    """,
                arguments: [heldUntil, now, now, limit]
            ).compactMap { row in
                // The schema's check makes every row name a signer.
                DeliverySigner(account: row[2], keyID: row[3], privateKeyPEM: row[4]).map { signer in
                    Delivery(
                        id: row[0], delivery: NewDelivery(inbox: row[1], signer: signer, activity: row[5]), failedAttempts: row[6], queuedAt: row[7]
                    )
                }
            }.sorted { $0.id < $1.id }
        }
    }

    /// Deletes the delivery.
    public func finishDelivery(id: Int64) async throws {
        try await commits.write { db in try db.execute(cached: "DELETE FROM deliveries WHERE id = ?", arguments: [id]) }
    }

    /// Counts the failure and sets when it is due again.
    public func retryDelivery(id: Int64, at date: Date) async throws {
        try await commits.write { db in
            try db.execute(
                cached: "UPDATE deliveries SET failed_attempts = failed_attempts + 1, due_at = ?, held_until = NULL WHERE id = ?",
                arguments: [date, id]
            )
        }
    }

    /// Counts the queue.
    public func queuedDeliveryCount() async throws -> Int {
        try reading { db in try Int.fetchOne(db, cached: "SELECT count(*) FROM deliveries") ?? 0 }
    }

    /// Inserts the activity's ID unless it is there.
    public func recordReceivedActivity(id: String, at date: Date) async throws -> Bool {
        try await commits.write { db in
            try db.execute(
                cached: "INSERT INTO received_activities (activity_id, received_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [id, date]
            )
            return db.changesCount > 0
        }
    }

    /// Inserts the block, and removes the domain's follows and deliveries.
    public func blockDomain(_ domain: String, at date: Date) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "INSERT INTO blocked_domains (domain, blocked_at) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [domain, date])
            let isNew = db.changesCount > 0
            let pattern = RemoteHost.subdomainPattern(of: domain)
            for table in ["remote_followers", "deliveries"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE host = ? OR host LIKE ? ESCAPE '\\'", arguments: [domain, pattern])
            }
            // Its people's notes leave this server's timelines: nobody here follows them any more.
            try db.execute(
                sql: """
                    DELETE FROM follows WHERE followee_id IN
                        (SELECT account_id FROM remote_accounts WHERE host = ? OR host LIKE ? ESCAPE '\\')
                    """,
                arguments: [domain, pattern]
            )
            return isNew
        }
    }

    /// Deletes the block.
    public func unblockDomain(_ domain: String) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM blocked_domains WHERE domain = ?", arguments: [domain])
            return db.changesCount > 0
        }
    }

    /// Reads the blocks.
    public func blockedDomains() async throws -> [String] {
        try reading { db in try String.fetchAll(db, cached: "SELECT domain FROM blocked_domains ORDER BY domain") }
    }

    /// Looks the domains up.
    public func isAnyDomainBlocked(_ domains: [String]) async throws -> Bool {
        guard !domains.isEmpty else { return false }
        return try reading { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM blocked_domains WHERE domain IN (\(databaseQuestionMarks(count: domains.count)))",
                arguments: StatementArguments(domains)
            ) ?? false
        }
    }

    /// Reads the hosts' rows.
    public func unreachableHosts(among hosts: [String]) async throws -> [String: UnreachableHost] {
        guard !hosts.isEmpty else { return [:] }
        return try reading { db in
            var found: [String: UnreachableHost] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT host, failing_since, next_probe_at FROM unreachable_hosts WHERE host IN (\(databaseQuestionMarks(count: hosts.count)))",
                arguments: StatementArguments(hosts)
            ) {
                found[row[0]] = UnreachableHost(failingSince: row[1], nextProbe: row[2])
            }
            return found
        }
    }

    /// Inserts the host's row, or sets when it is next probed once it has been failing long enough.
    public func hostFailed(_ host: String, at date: Date, deadSince: Date, nextProbe: Date) async throws {
        try await commits.write { db in
            try db.execute(
                cached: """
                    INSERT INTO unreachable_hosts (host, failing_since) VALUES (?, ?)
                    ON CONFLICT (host) DO UPDATE SET next_probe_at = CASE WHEN unreachable_hosts.failing_since <= ? THEN ? ELSE NULL END
                    """,
                arguments: [host, date, deadSince, nextProbe]
            )
        }
    }

    /// Deletes the host's row.
    public func hostAnswered(_ host: String) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM unreachable_hosts WHERE host = ?", arguments: [host])
        }
    }
}
