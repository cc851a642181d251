import QwinkleClient
import QwinkleKit
import Synchronization

/// Every send an outbox made, with its key, whatever its outcome.
final class OutboxSendLog: Sendable {
    private let keys = Mutex<[String]>([])

    /// The keys sent, in order.
    var sentKeys: [String] { keys.withLock { $0 } }

    func record(_ key: String) {
        keys.withLock { $0.append(key) }
    }
}

/// Sends through the real client and logs each key.
struct OutboxLoggingSender: OutboxSending {
    let client: APIClient
    let log: OutboxSendLog

    func send(
        _ content: EntryContent, idempotencyKey: String, replyingTo parent: Entry.ID?, wider: Bool
    ) async throws(QwinkleError) -> TimelineEntry {
        log.record(idempotencyKey)
        return try await client.send(content, idempotencyKey: idempotencyKey, replyingTo: parent, wider: wider)
    }
}

/// A process killed mid-send: the server makes the entry, but its answer never reaches the outbox. The entry made
/// is kept so the test can check that the next flush records that very entry.
final class OutboxDyingSender: OutboxSending {
    let client: APIClient
    private let made = Mutex<[TimelineEntry]>([])

    init(client: APIClient) {
        self.client = client
    }

    /// The entries the server made before the answer was lost.
    var entriesMade: [TimelineEntry] { made.withLock { $0 } }

    func send(
        _ content: EntryContent, idempotencyKey: String, replyingTo parent: Entry.ID?, wider: Bool
    ) async throws(QwinkleError) -> TimelineEntry {
        let entry = try await client.send(content, idempotencyKey: idempotencyKey, replyingTo: parent, wider: wider)
        made.withLock { $0.append(entry) }
        throw .unreachable(server: client.server.description, reason: "the process was killed before the answer was read")
    }
}

/// Holds each send until the test opens the gate, after telling the test that a send has begun: a flush caught
/// mid-send, without any timing.
struct OutboxGatedSender: OutboxSending {
    let base: OutboxLoggingSender
    let began: AsyncStream<Void>.Continuation
    let gate: AsyncStream<Void>

    func send(
        _ content: EntryContent, idempotencyKey: String, replyingTo parent: Entry.ID?, wider: Bool
    ) async throws(QwinkleError) -> TimelineEntry {
        began.yield()
        for await _ in gate {}
        return try await base.send(content, idempotencyKey: idempotencyKey, replyingTo: parent, wider: wider)
    }
}
