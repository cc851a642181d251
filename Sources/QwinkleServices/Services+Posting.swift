import Foundation
import QwinkleKit

extension Services {
    /// A new entry from any front door: posted now, or, when it names a time, scheduled for then. Decided here once,
    /// so the API and the web app cannot come to different answers for the same request. A kept draft it continues is
    /// deleted with the entry or the scheduled entry, in the same transaction.
    ///
    /// A reply (`replyingTo`) is posted now: a scheduled reply is refused, as whether its parent may still be answered
    /// could only be judged when it is posted.
    public func post(
        _ content: EntryContent, at time: Date?, by author: Account, idempotencyKey: String?, savedDraft: String? = nil,
        replyingTo: ReplyRequest? = nil
    ) async throws -> Posting {
        if let time {
            if replyingTo != nil { throw ServiceError.invalid(field: "scheduled_at", "A reply is posted at once; it cannot be scheduled.") }
            return .scheduled(try await scheduled.schedule(content, at: time, by: author, savedDraft: savedDraft))
        }
        return .posted(try await entries.create(
            content, by: author, idempotencyKey: idempotencyKey, savedDraft: savedDraft, replyingTo: replyingTo
        ))
    }
}
