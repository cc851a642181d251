import Foundation
import QwinkleKit

extension Services {
    /// A new entry from any front door: posted now, or, when it names a time, scheduled for then. Decided here once,
    /// so the API and the web app cannot come to different answers for the same request. A kept draft it continues is
    /// deleted with the entry or the scheduled entry, in the same transaction.
    public func post(
        _ content: EntryContent, at time: Date?, by author: Account, idempotencyKey: String?, savedDraft: String? = nil
    ) async throws -> Posting {
        if let time { return .scheduled(try await scheduled.schedule(content, at: time, by: author, savedDraft: savedDraft)) }
        return .posted(try await entries.create(content, by: author, idempotencyKey: idempotencyKey, savedDraft: savedDraft))
    }
}
