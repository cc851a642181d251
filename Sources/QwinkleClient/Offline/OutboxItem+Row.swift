import Foundation
import GRDB
import QwinkleKit

extension OutboxItem {
    /// Reads an `outbox` row; a row that does not decode is reported as an unreadable database, not skipped.
    init(row: Row, path: String) throws(OfflineError) {
        do {
            let rowID: Int64 = try row.decode(forColumn: "id")
            let content = try QwinkleJSON.decode(EntryContent.self, from: Data(try row.decode(String.self, forColumn: "content").utf8))
            let parent: String? = try row.decode(forColumn: "in_reply_to")
            self.init(
                id: ID(integer: rowID), content: content, replyingTo: parent.flatMap(Entry.ID.init(rawValue:)),
                wider: try row.decode(forColumn: "wider_visibility"), idempotencyKey: try row.decode(forColumn: "idempotency_key"),
                queuedAt: OfflineTimestamp.date(try row.decode(forColumn: "queued_at")), state: try Self.state(of: row)
            )
        } catch let error as FormatError {
            throw .unreadable(path: path, error)
        } catch {
            throw .unreadable(path: path, .invalidValue("an outbox item (\(error))"))
        }
    }

    /// The state from the row's columns; the schema's checks guarantee each state's columns are present.
    private static func state(of row: Row) throws -> State {
        let state: String = try row.decode(forColumn: "state")
        switch state {
        case "pending":
            return .pending
        case "sent":
            guard let entry = Entry.ID(rawValue: try row.decode(forColumn: "entry_id")) else {
                throw FormatError.invalidValue("a sent outbox item without its entry")
            }
            return .sent(entry: entry, at: OfflineTimestamp.date(try row.decode(forColumn: "finished_at")))
        case "failed":
            return .failed(OutboxFailure(
                status: try row.decode(forColumn: "failure_status"), code: try row.decode(forColumn: "failure_code"),
                message: try row.decode(forColumn: "failure_message"), at: OfflineTimestamp.date(try row.decode(forColumn: "finished_at"))
            ))
        default:
            throw FormatError.invalidValue("an outbox item in the unknown state \(state)")
        }
    }
}
