import QwinkleKit

extension APIClient: OutboxSending {
    /// Posts the entry with its idempotency key.
    public func send(_ content: EntryContent, idempotencyKey: String) async throws(QwinkleError) -> TimelineEntry {
        try await createEntry(content, idempotencyKey: idempotencyKey)
    }
}
