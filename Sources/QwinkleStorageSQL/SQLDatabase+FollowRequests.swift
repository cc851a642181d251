import Foundation
import QwinkleKit
import QwinkleStorage

extension FollowRequestStore where Self: SQLDatabase {
    /// Inserts the request unless it exists; a new one tells the target.
    public func requestFollow(_ requester: Account.ID, _ target: Account.ID, remote: RemoteFollower?, at date: Date) async throws -> Bool {
        try await write { connection in
            try await connection.lock(.follows)
            let isNew = try await connection.returnsRow(
                """
                INSERT INTO follow_requests (requester_id, target_id, follow_activity, inbox, shared_inbox, created_at)
                VALUES (\(requester.key), \(target.key), \(remote?.followActivity), \(remote?.inbox), \(remote?.sharedInbox), \(date))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            if isNew {
                try await connection.insertNotification(to: target, .followRequested, by: requester, at: date)
            } else if let remote {
                // A Follow sent again names itself: the answer must name the latest.
                try await connection.execute(
                    """
                    UPDATE follow_requests SET follow_activity = \(remote.followActivity), inbox = \(remote.inbox), shared_inbox = \(remote.sharedInbox)
                    WHERE requester_id = \(requester.key) AND target_id = \(target.key)
                    """
                )
            }
            return isNew
        }
    }

    /// Pages through the requests to the target.
    public func followRequests(to target: Account.ID, page: PageRequest) async throws -> [Paged<FollowRequest>] {
        try await readStatement { connection in
            try await connection.rows(
                """
                SELECT \(raw: FollowRequestRows.selection)
                WHERE follow_requests.target_id = \(target.key)\(SQL.pageWindow(page, column: "follow_requests.id"))
                ORDER BY follow_requests.id DESC LIMIT \(page.limit)
                """
            ) { row in Paged(cursor: try row[Columns.accountCount], item: try row.followRequest(from: Columns.accountCount + 1)) }
        }
    }

    /// Deletes the request and, in the same transaction, makes the follow it asked for.
    public func approveFollowRequest(_ requester: Account.ID, _ target: Account.ID, at date: Date) async throws -> FollowRequest? {
        try await write { connection in
            try await connection.lock(.follows)
            guard let request = try await connection.takeFollowRequest(requester, target) else { return nil }
            if let remote = request.remote, request.requester.host != nil {
                // Someone elsewhere following someone here is kept with where the account's entries go.
                try await connection.execute(
                    """
                    INSERT INTO remote_followers (account_id, actor_url, host, inbox, shared_inbox, follow_activity, created_at)
                    VALUES (\(target.key), \(remote.actorURL), \(RemoteHost.of(remote.actorURL)), \(remote.inbox), \(remote.sharedInbox),
                        \(remote.followActivity), \(date))
                    ON CONFLICT (account_id, actor_url) DO UPDATE
                    SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_activity = excluded.follow_activity
                    """
                )
            } else if try await connection.returnsRow(Statements.insertFollow(requester, target, at: date)) {
                try await connection.insertNotification(to: target, .followed, by: requester, at: date)
            }
            return request
        }
    }

    /// Deletes the request.
    public func removeFollowRequest(_ requester: Account.ID, _ target: Account.ID) async throws -> FollowRequest? {
        try await write { connection in try await connection.takeFollowRequest(requester, target) }
    }
}

/// The columns and tables every read of requests selects from, as `SQLRow.followRequest(from:)` reads them.
private enum FollowRequestRows {
    static let selection = """
        \(Columns.account), follow_requests.id, remote_accounts.actor_url, follow_requests.follow_activity, \
        follow_requests.inbox, follow_requests.shared_inbox
        FROM follow_requests JOIN accounts ON accounts.id = follow_requests.requester_id
        LEFT JOIN remote_accounts ON remote_accounts.account_id = follow_requests.requester_id
        """
}

extension SQLConnection {
    /// Deletes the request of `requester` to follow `target` and answers it, in the caller's transaction.
    fileprivate func takeFollowRequest(_ requester: Account.ID, _ target: Account.ID) async throws -> FollowRequest? {
        let found = try await first(
            """
            SELECT \(raw: FollowRequestRows.selection)
            WHERE follow_requests.requester_id = \(requester.key) AND follow_requests.target_id = \(target.key)
            """
        ) { try $0.followRequest(from: Columns.accountCount + 1) }
        guard let found else { return nil }
        try await execute("DELETE FROM follow_requests WHERE requester_id = \(requester.key) AND target_id = \(target.key)")
        return found
    }
}

extension SQLRow {
    /// The request of a row that selects `Columns.account`, then (from `start`) the requester's actor URL if they are
    /// elsewhere, the Follow's ID and the inboxes.
    fileprivate func followRequest(from start: Int) throws -> FollowRequest {
        let actorURL: String? = try self[start]
        let activity: String? = try self[start + 1]
        let inbox: String? = try self[start + 2]
        var remote: RemoteFollower?
        if let actorURL, let activity, let inbox {
            remote = RemoteFollower(actorURL: actorURL, inbox: inbox, sharedInbox: try self[start + 3], followActivity: activity)
        }
        return FollowRequest(requester: try account(), remote: remote)
    }
}
