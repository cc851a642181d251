import QwinkleKit

extension APIClient: OutboxSending {
    /// Posts the entry (or reply) with its idempotency key.
    public func send(
        _ content: EntryContent, idempotencyKey: String, replyingTo parent: Entry.ID?, wider: Bool
    ) async throws(QwinkleError) -> TimelineEntry {
        try await createEntry(content, idempotencyKey: idempotencyKey, replyingTo: parent, wider: wider)
    }
}
