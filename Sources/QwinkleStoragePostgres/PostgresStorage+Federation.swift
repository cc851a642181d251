import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: FederationStore {
    /// Inserts or replaces the follower, if the account exists.
    public func addRemoteFollower(_ follower: RemoteFollower, of account: Account.ID, at date: Date) async throws {
        let kept = try await writing { connection in
            try await connection.query(
                """
                INSERT INTO remote_followers (account_id, actor_url, host, inbox, shared_inbox, follow_activity, created_at)
                SELECT id, \(follower.actorURL), \(RemoteHost.of(follower.actorURL)), \(follower.inbox), \(follower.sharedInbox), \(follower.followActivity), \(date.toMilliseconds)
                FROM accounts WHERE id = \(account.key)
                ON CONFLICT (account_id, actor_url) DO UPDATE
                SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_activity = excluded.follow_activity
                RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
        }
        if !kept { throw StorageError.notFound("Account \(account)") }
    }

    /// Deletes the follower's row.
    public func removeRemoteFollower(actorURL: String, of account: Account.ID) async throws -> Bool {
        try await writing { connection in
            try await connection.query(
                "DELETE FROM remote_followers WHERE account_id = \(account.key) AND actor_url = \(actorURL) RETURNING 1", logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// Deletes the actor's follows.
    public func forgetRemoteActor(_ actorURL: String) async throws -> Int {
        try await writing { connection in
            try await connection.query("DELETE FROM remote_followers WHERE actor_url = \(actorURL) RETURNING 1", logger: logger).map { _ in 1 }.count
        }
    }

    /// Reads the account's remote followers.
    public func remoteFollowers(of account: Account.ID) async throws -> [RemoteFollower] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT actor_url, inbox, shared_inbox, follow_activity FROM remote_followers
                WHERE account_id = \(account.key) ORDER BY created_at, actor_url
                """,
                logger: logger
            ).map { row in
                let (actor, inbox, shared, follow) = try row.decode((String, String, String?, String).self)
                return RemoteFollower(actorURL: actor, inbox: inbox, sharedInbox: shared, followActivity: follow)
            }
        }
    }

    /// Inserts the deliveries in one statement.
    public func enqueueDeliveries(_ deliveries: [NewDelivery], at date: Date) async throws {
        guard !deliveries.isEmpty else { return }
        try await writing { connection in try await insertDeliveries(deliveries, at: date, on: connection) }
    }

    /// Inserts deliveries in one statement, in the transaction of `connection`, after one insert of each activity
    /// for the deliveries in a row that carry it.
    func insertDeliveries(_ deliveries: [NewDelivery], at date: Date, on connection: PostgresConnection) async throws {
        guard !deliveries.isEmpty else { return }
        var activityIDs: [Int64] = []
        var stored: (activity: String, id: Int64)?
        for delivery in deliveries {
            if let stored, stored.activity == delivery.activity {
                activityIDs.append(stored.id)
                continue
            }
            let id = try await connection.query(
                "INSERT INTO delivery_activities (activity) VALUES (\(delivery.activity)) RETURNING id", logger: logger
            ).first { try $0.decode(Int64.self) }
            guard let id else { throw CorruptRow(description: "an activity was stored without an ID") }
            activityIDs.append(id)
            stored = (delivery.activity, id)
        }
        let at = date.toMilliseconds
        let signers = deliveries.map(\.signer.columns)
        try await connection.execute(
            """
            INSERT INTO deliveries (inbox, host, signer_id, signer_key_id, signer_key_pem, activity_id, due_at, queued_at)
            SELECT inbox, host, NULLIF(signer_id, 0), NULLIF(key_id, ''), NULLIF(key_pem, ''), activity_id, \(at), \(at)
            FROM unnest(
                \(deliveries.map(\.inbox))::text[], \(deliveries.map { RemoteHost.of($0.inbox) })::text[],
                \(signers.map(\.account))::bigint[], \(signers.map(\.keyID))::text[], \(signers.map(\.privateKeyPEM))::text[],
                \(activityIDs)::bigint[]
            ) AS queued(inbox, host, signer_id, key_id, key_pem, activity_id)
            """,
            logger: logger
        )
    }

    /// Holds the earliest due deliveries nobody holds; rows another server is taking at the same moment are skipped,
    /// so each is taken by one server.
    public func takeDueDeliveries(limit: Int, at now: Date, heldUntil: Date) async throws -> [Delivery] {
        try await writing { connection in
            try await connection.query(
                """
                UPDATE deliveries SET held_until = \(heldUntil.toMilliseconds)
                WHERE id IN (
                    SELECT id FROM deliveries WHERE due_at <= \(now) AND (held_until IS NULL OR held_until <= \(now))
                    ORDER BY due_at, id LIMIT \(limit) FOR UPDATE SKIP LOCKED
                )
                RETURNING id, inbox, signer_id, signer_key_id, signer_key_pem,
                    (SELECT activity FROM delivery_activities WHERE id = deliveries.activity_id), failed_attempts, queued_at
                """,
                logger: logger
            ).map { row in
                let (id, inbox, account, keyID, pem, activity, failed, queued) = try row.decode(
                    (Int64, String, Int64?, String?, String?, String, Int32, Date).self
                )
                // The schema's check makes every row name a signer.
                guard let signer = DeliverySigner(account: account, keyID: keyID, privateKeyPEM: pem) else {
                    throw CorruptRow(description: "delivery \(id) names no signer")
                }
                return Delivery(
                    id: id, delivery: NewDelivery(inbox: inbox, signer: signer, activity: activity), failedAttempts: Int(failed),
                    queuedAt: queued.toMilliseconds
                )
            }.sorted { $0.id < $1.id }
        }
    }

    /// Deletes the delivery.
    public func finishDelivery(id: Int64) async throws {
        try await writing { connection in try await connection.execute("DELETE FROM deliveries WHERE id = \(id)", logger: logger) }
    }

    /// Counts the failure and sets when it is due again.
    public func retryDelivery(id: Int64, at date: Date) async throws {
        try await writing { connection in
            try await connection.execute(
                "UPDATE deliveries SET failed_attempts = failed_attempts + 1, due_at = \(date.toMilliseconds), held_until = NULL WHERE id = \(id)",
                logger: logger
            )
        }
    }

    /// Counts the queue.
    public func queuedDeliveryCount() async throws -> Int {
        try await reading { connection in
            try await connection.query("SELECT count(*) FROM deliveries", logger: logger).first { row in Int(try row.decode(Int64.self)) } ?? 0
        }
    }

    /// Inserts the activity's ID unless it is there.
    public func recordReceivedActivity(id: String, at date: Date) async throws -> Bool {
        try await writing { connection in
            try await connection.query(
                "INSERT INTO received_activities (activity_id, received_at) VALUES (\(id), \(date.toMilliseconds)) ON CONFLICT DO NOTHING RETURNING 1",
                logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// Inserts the block, and removes the domain's follows and deliveries.
    public func blockDomain(_ domain: String, at date: Date) async throws -> Bool {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await writing { connection in
            let isNew = try await connection.query(
                "INSERT INTO blocked_domains (domain, blocked_at) VALUES (\(domain), \(date.toMilliseconds)) ON CONFLICT DO NOTHING RETURNING 1", logger: logger
            ).first { _ in true } ?? false
            try await connection.execute(
                "DELETE FROM remote_followers WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\'", logger: logger
            )
            try await connection.execute("DELETE FROM deliveries WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\'", logger: logger)
            // Its people's notes leave this server's timelines: nobody here follows them any more.
            try await connection.execute(
                """
                DELETE FROM follows WHERE followee_id IN
                    (SELECT account_id FROM remote_accounts WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\')
                """,
                logger: logger
            )
            return isNew
        }
    }

    /// Deletes the block.
    public func unblockDomain(_ domain: String) async throws -> Bool {
        try await writing { connection in
            try await connection.query("DELETE FROM blocked_domains WHERE domain = \(domain) RETURNING 1", logger: logger).first { _ in true } ?? false
        }
    }

    /// Reads the blocks.
    public func blockedDomains() async throws -> [String] {
        try await reading { connection in
            try await connection.query("SELECT domain FROM blocked_domains ORDER BY domain", logger: logger).map { row in try row.decode(String.self) }
        }
    }

    /// Looks the domains up.
    public func isAnyDomainBlocked(_ domains: [String]) async throws -> Bool {
        guard !domains.isEmpty else { return false }
        return try await reading { connection in
            try await connection.query("SELECT 1 FROM blocked_domains WHERE domain = ANY(\(domains)::text[])", logger: logger).first { _ in true } ?? false
        }
    }

    /// Reads the hosts' rows.
    public func unreachableHosts(among hosts: [String]) async throws -> [String: UnreachableHost] {
        guard !hosts.isEmpty else { return [:] }
        return try await reading { connection in
            var found: [String: UnreachableHost] = [:]
            for try await (host, since, probe) in try await connection.query(
                "SELECT host, failing_since, next_probe_at FROM unreachable_hosts WHERE host = ANY(\(hosts)::text[])", logger: logger
            ).decode((String, Date, Date?).self) {
                found[host] = UnreachableHost(failingSince: since.toMilliseconds, nextProbe: probe?.toMilliseconds)
            }
            return found
        }
    }

    /// Inserts the host's row, or sets when it is next probed once it has been failing long enough.
    public func hostFailed(_ host: String, at date: Date, deadSince: Date, nextProbe: Date) async throws {
        try await writing { connection in
            try await connection.execute(
                """
                INSERT INTO unreachable_hosts (host, failing_since) VALUES (\(host), \(date.toMilliseconds))
                ON CONFLICT (host) DO UPDATE SET next_probe_at =
                    CASE WHEN unreachable_hosts.failing_since <= \(deadSince.toMilliseconds) THEN \(nextProbe.toMilliseconds)::timestamptz ELSE NULL END
                """,
                logger: logger
            )
        }
    }

    /// Deletes the host's row.
    public func hostAnswered(_ host: String) async throws {
        try await writing { connection in
            try await connection.execute("DELETE FROM unreachable_hosts WHERE host = \(host)", logger: logger)
        }
    }
}
