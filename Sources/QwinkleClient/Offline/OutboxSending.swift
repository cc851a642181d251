import QwinkleKit

/// What an outbox sends its entries with: in an app, an `APIClient` of the outbox's server, signed in as its account.
public protocol OutboxSending: Sendable {
    /// Posts an entry with its idempotency key; the server answers a repeated key with the entry the first send
    /// made (within 24 hours) and creates nothing.
    func send(_ content: EntryContent, idempotencyKey: String) async throws(QwinkleError) -> TimelineEntry
}
