import Foundation
import QwinkleKit
import QwinkleStorage

// The journal of entry writes other servers are yet to be told of (`OutgoingWrite`): each write keeps its row in its
// own transaction, and the deliveries' worker replaces a row with the deliveries it makes, in one transaction.
extension FederationStore where Self: SQLDatabase {
    /// Holds the oldest writes nobody holds, and reads each with its entry as it is now, in the trash or not; on
    /// PostgreSQL, rows another server is taking at the same moment are skipped.
    public func takeOutgoingWrites(limit: Int, at now: Date, heldUntil: Date) async throws -> [OutgoingWrite] {
        // Every server looks after each write and at each idle round; most find nothing, and a read says so.
        let any = try await readStatement { connection in
            try await connection.returnsRow("SELECT 1 FROM outgoing_writes WHERE held_until IS NULL OR held_until <= \(now) LIMIT 1")
        }
        guard any else { return [] }
        return try await write { connection in
            // SQLite has no update in a `WITH`: the rows are held first, then read with their entries.
            let taken = try await connection.rows(
                """
                UPDATE outgoing_writes SET held_until = \(heldUntil)
                WHERE id IN (
                    SELECT id FROM outgoing_writes WHERE held_until IS NULL OR held_until <= \(now)
                    ORDER BY id LIMIT \(limit) \(sqlite: "", postgres: "FOR UPDATE SKIP LOCKED")
                )
                RETURNING id
                """
            ) { try $0[0] as Int64 }
            guard !taken.isEmpty else { return [] }
            return try await connection.entries(
                """
                SELECT \(raw: Columns.entry), outgoing_writes.id, outgoing_writes.kind, outgoing_writes.before_visibility,
                    outgoing_writes.before_unlisted, outgoing_writes.written_at
                FROM outgoing_writes JOIN entries ON entries.id = outgoing_writes.entry_id
                WHERE outgoing_writes.id IN (\(list: taken))
                """
            ) { row -> (Int64, OutgoingWrite.Kind, Visibility?, Date) in
                let column = Columns.entryCount
                let kindName: String = try row[column + 1]
                guard let kind = OutgoingWrite.Kind(rawValue: kindName) else {
                    throw CorruptRow(description: "an outgoing write of an unknown kind, \(kindName)")
                }
                let before: String? = try row[column + 2]
                let visibility = try before.map { try Visibility(storedName: $0, unlisted: try row[column + 3] as Int64 == 1) }
                return (try row[column], kind, visibility, try row[column + 4])
            }
            .map { OutgoingWrite(id: $0.extra.0, kind: $0.extra.1, entry: $0.entry, visibilityBefore: $0.extra.2, writtenAt: $0.extra.3) }
            .sorted { $0.id < $1.id }
        }
    }

    /// Queues the deliveries and forgets the write, in one transaction.
    public func finishOutgoingWrite(id: Int64, queueing deliveries: [NewDelivery], at date: Date) async throws {
        try await write { connection in
            try await connection.insertDeliveries(deliveries, at: date)
            try await connection.execute("DELETE FROM outgoing_writes WHERE id = \(id)")
        }
    }

    /// How many writes wait to be taken or are being taken.
    public func outgoingWriteCount() async throws -> Int {
        try await read { connection in try await connection.value("SELECT COUNT(*) FROM outgoing_writes", as: Int.self) ?? 0 }
    }
}

extension SQLConnection {
    /// Keeps a write of an entry for other servers, in the transaction making it. `before` is the visibility an
    /// update found (`nil`: the entry was in the trash).
    package func recordOutgoingWrite(_ kind: OutgoingWrite.Kind, of entry: Entry.ID, before: Visibility? = nil, at date: Date) async throws {
        try await execute(
            """
            INSERT INTO outgoing_writes (entry_id, kind, before_visibility, before_unlisted, written_at)
            VALUES (\(entry.key), \(kind.rawValue), \(before?.storedName), \(before == .unlisted ? 1 : 0), \(date))
            """
        )
    }

    /// The visibility an entry outside the trash has now, for the journal of an update about to change it.
    package func visibility(of entry: Entry.ID) async throws -> Visibility? {
        var found: Visibility?
        try await forEach(
            "SELECT visibility, unlisted FROM entries WHERE id = \(entry.key) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))"
        ) { row in found = try Visibility(storedName: try row[0], unlisted: try row[1] as Int64 == 1) }
        return found
    }
}
