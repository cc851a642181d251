import GRDB
import QwinkleStorage
import QwinkleStorageSQL
import Synchronization

/// Writes that arrive together share one transaction, and so one commit and one fsync.
///
/// With `synchronous = FULL` each commit waits for the disk, and SQLite has one writer: one transaction per write
/// caps a server at a few hundred writes a second, however many clients wait. Here a write that finds the writer
/// busy queues; when the writer is free, everything queued runs in one transaction, each write in a savepoint of
/// its own. A write that fails rolls back its savepoint and fails alone; the others commit. Nobody is answered
/// before the commit, so a success still means the write is on disk, and if the commit fails every write of the
/// batch fails with it.
final class GroupCommit: Sendable {
    /// One queued write.
    private struct Pending: Sendable {
        /// Runs the write in the batch's transaction, and returns how to answer its caller once that has committed.
        let write: @Sendable (Database) -> @Sendable () -> Void
        /// Answers the caller when the batch did not commit.
        let fail: @Sendable (any Error) -> Void
    }

    /// The writes waiting for the next batch, and whether a batch is being written.
    private struct Queue {
        var pending: [Pending] = []
        var writing = false
    }

    private let writer: any DatabaseWriter
    private let queue = Mutex(Queue())

    /// Batches the writes made through `writer`.
    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `work` in a transaction shared with the writes queued alongside it, and returns its result once that
    /// transaction has committed.
    /// A full disk is `StorageError.full`: SQLite rolled the write back, and it can succeed once space is freed.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await DatabaseTime.measuring { try await queued(work) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StorageError.full("the change")
        }
    }

    private func queued<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = Pending(
                write: { db in
                    let result = Result { try Self.inSavepoint(db, work) }
                    return { continuation.resume(with: result) }
                },
                fail: { error in continuation.resume(throwing: error) }
            )
            let startsBatch = queue.withLock { queue in
                queue.pending.append(pending)
                guard !queue.writing else { return false }
                queue.writing = true
                return true
            }
            if startsBatch {
                Task { await self.writeBatches() }
            }
        }
    }

    /// Writes batch after batch until nothing is queued.
    private func writeBatches() async {
        while true {
            let batch = queue.withLock { queue in
                let batch = queue.pending
                queue.pending = []
                if batch.isEmpty { queue.writing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let answers = try await writer.write { db in batch.map { $0.write(db) } }
                for answer in answers { answer() }
            } catch {
                for pending in batch { pending.fail(error) }
            }
        }
    }

    /// Runs `work` in a savepoint, rolled back if it throws.
    private static func inSavepoint<T>(_ db: Database, _ work: (Database) throws -> T) throws -> T {
        var value: T?
        try db.inSavepoint {
            value = try work(db)
            return .commit
        }
        guard let value else { throw DatabaseError(message: "A savepoint committed without a value.") }
        return value
    }
}
