import Foundation
import GRDB
import QwinkleKit

extension Outbox {
    /// The refusals that judge the entry itself (malformed, too large, breaking the length rule): the item fails.
    /// Any other answer (a rejected token, a server failure, a proxy's error page) says nothing about the entry, so
    /// the flush stops and the item waits for the next one.
    static let refusalsOfTheEntry: Set<Int> = [400, 413, 422]

    /// Sends the pending items in order with `sender` (a client of `server`, signed in as `username`), one at a
    /// time, each with its own idempotency key.
    ///
    /// An item the server takes becomes sent, with its entry; one it refuses becomes failed and the flush goes on.
    /// When the server cannot take entries now, the flush stops and the rest stay pending, in order. An attempt
    /// whose answer is lost (the process killed mid-send, a dropped connection) leaves its item pending, and the
    /// next flush's repeated key gets the entry the first attempt made (the server remembers a key for 24 hours, so
    /// an attempt interrupted longer ago than that could post twice). Only one flush runs at a time per database,
    /// across processes; another gets `.alreadyFlushing` at once.
    public func flush(using sender: some OutboxSending) async throws(OfflineError) -> FlushReport {
        guard let lock = try OutboxFlushLock.acquire(beside: store.path) else { return FlushReport(ending: .alreadyFlushing) }
        defer { lock.release() }
        try await removeOldReceipts()
        var report = FlushReport(ending: .emptied)
        while !Task.isCancelled {
            guard let item = try await nextPending() else { return report }
            let state: OutboxItem.State
            do {
                let entry = try await sender.send(
                    item.content, idempotencyKey: item.idempotencyKey, replyingTo: item.replyingTo, wider: item.wider
                )
                state = .sent(entry: entry.id, at: OfflineTimestamp.stored(now()))
            } catch {
                guard case .refused(let status, let code, _, _) = error, Self.refusalsOfTheEntry.contains(status) else {
                    report.ending = .stopped(error)
                    return report
                }
                state = .failed(OutboxFailure(status: status, code: code, message: error.description, at: OfflineTimestamp.stored(now())))
            }
            let recorded = try await record(item, state)
            if case .sent = state { report.sent.append(recorded) } else { report.failed.append(recorded) }
        }
        report.ending = .cancelled
        return report
    }

    /// The oldest pending item.
    private func nextPending() async throws(OfflineError) -> OutboxItem? {
        let (scope, path) = (scope, store.path)
        return try await store.read { (db: Database) throws -> OutboxItem? in
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM outbox WHERE server = ? AND account = ? AND state = 'pending' ORDER BY id LIMIT 1",
                arguments: [scope.server, scope.account]
            )
            guard let row else { return nil }
            return try OutboxItem(row: row, path: path)
        }
    }

    /// Moves a pending item to sent or failed, in one transaction, and returns it so.
    private func record(_ item: OutboxItem, _ state: OutboxItem.State) async throws(OfflineError) -> OutboxItem {
        guard let rowID = item.id.integerValue else { throw .unreadable(path: store.path, .invalidValue("outbox item \(item.id)")) }
        let stateName: String, finishedAt: Date, entry: String?, status: Int?, code: String?, message: String?
        switch state {
        case .pending:
            return item  // nothing to record: the item is pending until it is sent or refused
        case .sent(let sentEntry, let at):
            (stateName, finishedAt, entry, status, code, message) = ("sent", at, sentEntry.rawValue, nil, nil, nil)
        case .failed(let failure):
            (stateName, finishedAt, entry, status, code, message) = ("failed", failure.at, nil, failure.status, failure.code, failure.message)
        }
        let arguments: StatementArguments = [stateName, OfflineTimestamp.milliseconds(finishedAt)]
            + [entry, status, code, message] + [rowID]
        try await store.write { (db: Database) throws -> Void in
            try db.execute(
                sql: """
                    UPDATE outbox SET state = ?, finished_at = ?, entry_id = ?, failure_status = ?, failure_code = ?, failure_message = ?
                    WHERE id = ? AND state = 'pending'
                    """,
                arguments: arguments
            )
        }
        var recorded = item
        recorded.state = state
        return recorded
    }

    /// Removes this outbox's sent items older than `sentRetention`: once sent, an item is only a receipt.
    private func removeOldReceipts() async throws(OfflineError) {
        let scope = scope
        let cutoff = OfflineTimestamp.milliseconds(now().addingTimeInterval(-Self.sentRetention))
        try await store.write { (db: Database) throws -> Void in
            try db.execute(
                sql: "DELETE FROM outbox WHERE server = ? AND account = ? AND state = 'sent' AND finished_at < ?",
                arguments: [scope.server, scope.account, cutoff]
            )
        }
    }
}
