import QwinkleKit

/// What an outbox sends its entries with: in an app, an `APIClient` of the outbox's server, signed in as its account.
public protocol OutboxSending: Sendable {
    /// Posts an entry with its idempotency key, as a reply to `parent` when there is one (`wider`: it may be read
    /// more widely than the parent); the server answers a repeated key with the entry the first send made (within
    /// 24 hours) and creates nothing.
    func send(
        _ content: EntryContent, idempotencyKey: String, replyingTo parent: Entry.ID?, wider: Bool
    ) async throws(QwinkleError) -> TimelineEntry
}
