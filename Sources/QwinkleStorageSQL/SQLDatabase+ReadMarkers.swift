import Foundation
import QwinkleKit
import QwinkleStorage

extension ReadMarkerStore where Self: SQLDatabase {
    /// Reads the marker's row.
    public func readMarker(of account: Account.ID, timeline: ReadMarker.Timeline) async throws -> ReadMarker? {
        try await read { connection in
            try await connection.rows(
                "SELECT last_read_id, version, updated_at FROM read_markers WHERE account_id = \(account.key) AND timeline = \(timeline.rawValue)"
            ) { row in ReadMarker(lastReadID: try row[0], version: Int(try row[1] as Int64), updatedAt: try row[2]) }.first
        }
    }

    /// Inserts the row, or replaces its position and counts one more version, in one statement.
    public func saveReadMarker(of account: Account.ID, timeline: ReadMarker.Timeline, lastReadID: String, at date: Date) async throws -> ReadMarker {
        try await write { connection in
            let saved = try await connection.rows(
                """
                INSERT INTO read_markers (account_id, timeline, last_read_id, version, updated_at)
                VALUES (\(account.key), \(timeline.rawValue), \(lastReadID), 1, \(date))
                ON CONFLICT (account_id, timeline) DO UPDATE SET
                    last_read_id = excluded.last_read_id, version = read_markers.version + 1, updated_at = excluded.updated_at
                RETURNING last_read_id, version, updated_at
                """
            ) { row in ReadMarker(lastReadID: try row[0], version: Int(try row[1] as Int64), updatedAt: try row[2]) }
            guard let marker = saved.first else { throw StorageError.notFound("The read marker") }
            return marker
        }
    }
}
