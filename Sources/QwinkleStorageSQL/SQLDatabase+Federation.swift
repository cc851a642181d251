import Foundation
import QwinkleKit
import QwinkleStorage

extension FederationStore where Self: SQLDatabase {
    /// Inserts or replaces the follower, if the account exists.
    public func addRemoteFollower(_ follower: RemoteFollower, of account: Account.ID, at date: Date) async throws {
        let kept = try await write { connection in
            try await connection.returnsRow(
                """
                INSERT INTO remote_followers (account_id, actor_url, host, inbox, shared_inbox, follow_activity, created_at)
                SELECT id, \(follower.actorURL), \(RemoteHost.of(follower.actorURL)), \(follower.inbox), \(follower.sharedInbox),
                    \(follower.followActivity), \(date)
                FROM accounts WHERE id = \(account.key)
                ON CONFLICT (account_id, actor_url) DO UPDATE
                SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_activity = excluded.follow_activity
                RETURNING 1
                """
            )
        }
        if !kept { throw StorageError.notFound("Account \(account)") }
    }

    /// Deletes the follower's row.
    public func removeRemoteFollower(actorURL: String, of account: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow("DELETE FROM remote_followers WHERE account_id = \(account.key) AND actor_url = \(actorURL) RETURNING 1")
        }
    }

    /// Deletes the actor's follows.
    public func forgetRemoteActor(_ actorURL: String) async throws -> Int {
        try await write { connection in
            try await connection.rows("DELETE FROM remote_followers WHERE actor_url = \(actorURL) RETURNING 1") { _ in 1 }.count
        }
    }

    /// Reads the account's remote followers.
    public func remoteFollowers(of account: Account.ID) async throws -> [RemoteFollower] {
        try await readStatement { connection in
            try await connection.rows(
                """
                SELECT actor_url, inbox, shared_inbox, follow_activity FROM remote_followers
                WHERE account_id = \(account.key) ORDER BY created_at, actor_url
                """
            ) { row in RemoteFollower(actorURL: try row[0], inbox: try row[1], sharedInbox: try row[2], followActivity: try row[3]) }
        }
    }

    /// Inserts the deliveries in one transaction.
    public func enqueueDeliveries(_ deliveries: [NewDelivery], at date: Date) async throws {
        guard !deliveries.isEmpty else { return }
        try await write { connection in try await connection.insertDeliveries(deliveries, at: date) }
    }

    /// Holds the earliest due deliveries nobody holds; on PostgreSQL, rows another server is taking at the same
    /// moment are skipped, so each is taken by one server.
    public func takeDueDeliveries(limit: Int, at now: Date, heldUntil: Date) async throws -> [Delivery] {
        try await write { connection in
            try await connection.rows(
                """
                UPDATE deliveries SET held_until = \(heldUntil)
                WHERE id IN (
                    SELECT id FROM deliveries WHERE due_at <= \(now) AND (held_until IS NULL OR held_until <= \(now))
                    ORDER BY due_at, id LIMIT \(limit) \(sqlite: "", postgres: "FOR UPDATE SKIP LOCKED")
                )
                RETURNING id, inbox, signer_id, signer_key_id, signer_key_pem,
                    (SELECT activity FROM delivery_activities WHERE id = deliveries.activity_id), failed_attempts, queued_at
                """
            ) { row in
                let id: Int64 = try row[0]
                // The schema's check makes every row name a signer.
                guard let signer = DeliverySigner(account: try row[2], keyID: try row[3], privateKeyPEM: try row[4]) else {
                    throw CorruptRow(description: "delivery \(id) names no signer")
                }
                return Delivery(
                    id: id, delivery: NewDelivery(inbox: try row[1], signer: signer, activity: try row[5]), failedAttempts: try row[6],
                    queuedAt: try row[7]
                )
            }.sorted { $0.id < $1.id }
        }
    }

    /// Deletes the delivery.
    public func finishDelivery(id: Int64) async throws {
        try await write { connection in try await connection.execute("DELETE FROM deliveries WHERE id = \(id)") }
    }

    /// Counts the failure and sets when it is due again.
    public func retryDelivery(id: Int64, at date: Date) async throws {
        try await write { connection in
            try await connection.execute(
                "UPDATE deliveries SET failed_attempts = failed_attempts + 1, due_at = \(date), held_until = NULL WHERE id = \(id)"
            )
        }
    }

    /// Counts the queue.
    public func queuedDeliveryCount() async throws -> Int {
        try await readStatement { connection in try await connection.value("SELECT count(*) FROM deliveries", as: Int.self) ?? 0 }
    }

    /// Inserts the activity's ID unless it is there.
    public func recordReceivedActivity(id: String, at date: Date) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow(
                "INSERT INTO received_activities (activity_id, received_at) VALUES (\(id), \(date)) ON CONFLICT DO NOTHING RETURNING 1"
            )
        }
    }

    /// Inserts the suspension (or makes a limit one), and removes the domain's follows and deliveries.
    public func blockDomain(_ domain: String, at date: Date) async throws -> Bool {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await write { connection in
            let was = try await connection.setDomainSeverity(domain, .suspend, at: date)
            let isNew = was != .suspend
            try await connection.execute("DELETE FROM remote_followers WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\'")
            try await connection.execute("DELETE FROM deliveries WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\'")
            // Its people's notes leave this server's timelines: nobody here follows them any more.
            try await connection.execute(
                """
                DELETE FROM follows WHERE followee_id IN
                    (SELECT account_id FROM remote_accounts WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\')
                """
            )
            return isNew
        }
    }

    /// Inserts the limit (or makes a suspension one), and limits the accounts of the domain's people in good standing.
    public func limitDomain(_ domain: String, at date: Date) async throws -> (isNew: Bool, limitedAccounts: Int) {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await write { connection in
            let was = try await connection.setDomainSeverity(domain, .limit, at: date)
            let limited = try await connection.rows(
                """
                UPDATE accounts SET standing = 'limited' WHERE standing IS NULL AND id IN
                    (SELECT account_id FROM remote_accounts WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\')
                RETURNING id
                """
            ) { try $0[0] as Int64 }
            return (was != .limit, limited.count)
        }
    }

    /// Deletes the block; a limit's accounts are limited no more.
    public func unblockDomain(_ domain: String) async throws -> Bool {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await write { connection in
            guard let severity = try await connection.value("DELETE FROM blocked_domains WHERE domain = \(domain) RETURNING severity", as: String.self) else {
                return false
            }
            if severity == BlockedDomain.Severity.limit.rawValue {
                try await connection.execute(
                    """
                    UPDATE accounts SET standing = NULL WHERE standing = 'limited' AND id IN
                        (SELECT account_id FROM remote_accounts WHERE host = \(domain) OR host LIKE \(pattern) ESCAPE '\\')
                    """
                )
            }
            return true
        }
    }

    /// Reads the blocks.
    public func blockedDomains() async throws -> [BlockedDomain] {
        try await readStatement { connection in
            try await connection.rows("SELECT domain, severity FROM blocked_domains ORDER BY domain") { row in
                BlockedDomain(domain: try row[0], severity: try stored(BlockedDomain.Severity.init(rawValue:), try row[1] as String, "severity"))
            }
        }
    }

    /// Looks the domains up among the suspended ones.
    public func isAnyDomainBlocked(_ domains: [String]) async throws -> Bool {
        guard !domains.isEmpty else { return false }
        return try await readStatement { connection in
            try await connection.returnsRow("SELECT 1 FROM blocked_domains WHERE severity = 'suspend' AND domain IN (\(list: domains))")
        }
    }

    /// Reads the hosts' rows.
    public func unreachableHosts(among hosts: [String]) async throws -> [String: UnreachableHost] {
        guard !hosts.isEmpty else { return [:] }
        return try await readStatement { connection in
            var found: [String: UnreachableHost] = [:]
            try await connection.forEach("SELECT host, failing_since, next_probe_at FROM unreachable_hosts WHERE host IN (\(list: hosts))") { row in
                found[try row[0]] = UnreachableHost(failingSince: try row[1], nextProbe: try row[2])
            }
            return found
        }
    }

    /// Inserts the host's row, or sets when it is next probed once it has been failing long enough.
    public func hostFailed(_ host: String, at date: Date, deadSince: Date, nextProbe: Date) async throws {
        try await write { connection in
            try await connection.execute(
                """
                INSERT INTO unreachable_hosts (host, failing_since) VALUES (\(host), \(date))
                ON CONFLICT (host) DO UPDATE SET next_probe_at =
                    CASE WHEN unreachable_hosts.failing_since <= \(deadSince) THEN \(nextProbe)\(sqlite: "", postgres: "::timestamptz") ELSE NULL END
                """
            )
        }
    }

    /// Deletes the host's row.
    public func hostAnswered(_ host: String) async throws {
        try await write { connection in try await connection.execute("DELETE FROM unreachable_hosts WHERE host = \(host)") }
    }
}

extension SQLConnection {
    /// Inserts deliveries in the caller's transaction, each activity once for the deliveries in a row that carry it,
    /// and the deliveries a few hundred to a statement (a fan-out to thousands of inboxes is a few statements).
    package func insertDeliveries(_ deliveries: [NewDelivery], at date: Date) async throws {
        var rows: [SQL] = []
        var stored: (activity: String, id: Int64)?
        for delivery in deliveries {
            let activityID: Int64
            if let stored, stored.activity == delivery.activity {
                activityID = stored.id
            } else {
                guard let id = try await value("INSERT INTO delivery_activities (activity) VALUES (\(delivery.activity)) RETURNING id", as: Int64.self)
                else { throw CorruptRow(description: "an activity was stored without an ID") }
                activityID = id
                stored = (delivery.activity, id)
            }
            let signer = delivery.signer.columns
            rows.append(
                """
                (\(delivery.inbox), \(RemoteHost.of(delivery.inbox)), NULLIF(\(signer.account), 0), NULLIF(\(signer.keyID), ''),
                    NULLIF(\(signer.privateKeyPEM), ''), \(activityID), \(date), \(date))
                """
            )
        }
        for start in stride(from: 0, to: rows.count, by: 500) {
            try await execute(
                """
                INSERT INTO deliveries (inbox, host, signer_id, signer_key_id, signer_key_pem, activity_id, due_at, queued_at)
                VALUES \(SQL.joined(Array(rows[start..<min(start + 500, rows.count)]), separator: ", ", fixed: false))
                """
            )
        }
    }
}

extension SQLConnection {
    /// Blocks `domain` so, replacing how it was blocked; returns how it was (`nil`: it was not).
    fileprivate func setDomainSeverity(_ domain: String, _ severity: BlockedDomain.Severity, at date: Date) async throws -> BlockedDomain.Severity? {
        let was = try await value("SELECT severity FROM blocked_domains WHERE domain = \(domain)", as: String.self)
        if was == nil {
            try await execute("INSERT INTO blocked_domains (domain, blocked_at, severity) VALUES (\(domain), \(date), \(severity.rawValue))")
        } else if was != severity.rawValue {
            try await execute("UPDATE blocked_domains SET severity = \(severity.rawValue), blocked_at = \(date) WHERE domain = \(domain)")
        }
        return was.flatMap(BlockedDomain.Severity.init(rawValue:))
    }
}
