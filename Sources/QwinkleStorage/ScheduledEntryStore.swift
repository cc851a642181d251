import Foundation
import QwinkleKit

/// An entry to keep until `scheduledAt`; the storage gives it an ID.
public struct NewScheduledEntry: Hashable, Sendable {
    /// The author.
    public var author: Account.ID
    /// What will be posted.
    public var content: EntryContent
    /// When it is posted.
    public var scheduledAt: Date
    /// The author's kept draft it was written in, deleted in the same transaction; the storage throws `notFound`,
    /// storing nothing, when the author has no such draft.
    public var draft: Draft.ID?

    /// Describes an entry to schedule.
    public init(author: Account.ID, content: EntryContent, scheduledAt: Date, draft: Draft.ID? = nil) {
        self.author = author
        self.content = content
        self.scheduledAt = scheduledAt
        self.draft = draft
    }
}

/// Entries waiting to be posted. They are no entries until they are published: no read of `EntryStore`,
/// `SearchStore` or any other store sees them. Deleting their author deletes them.
public protocol ScheduledEntryStore: Sendable {
    /// Keeps an entry to post later and returns it; `nil`, storing nothing, when its author already has `limit`
    /// entries waiting.
    func scheduleEntry(_ new: NewScheduledEntry, limit: Int) async throws -> ScheduledEntry?
    /// The waiting entry with this ID; `nil` once it is published or cancelled.
    func scheduledEntry(id: ScheduledEntry.ID) async throws -> ScheduledEntry?
    /// Every entry the author has waiting, soonest first (then in the order they were scheduled).
    func scheduledEntries(of author: Account.ID) async throws -> [ScheduledEntry]
    /// Replaces a waiting entry's content and time and returns it; `nil`, changing nothing, if it is no longer
    /// waiting (published or cancelled meanwhile).
    func changeScheduledEntry(id: ScheduledEntry.ID, content: EntryContent, scheduledAt: Date) async throws -> ScheduledEntry?
    /// Forgets a waiting entry; returns whether it was waiting.
    func cancelScheduledEntry(id: ScheduledEntry.ID) async throws -> Bool
    /// Posts the entries due at `now` (scheduled at or before it), soonest first and at most `limit` of them, and
    /// removes them from the waiting ones, in one transaction; returns the new entries in that order (fewer than
    /// `limit` when no more are due). Each is posted exactly once however many servers call this at the same time.
    /// An entry is dated its scheduled time, or `now` when that was before `datedNowBefore` (it fell due while no
    /// server was running), so no entry appears dated long before it appeared. With `announce`, each keeps an
    /// `OutgoingWrite` in the same transaction.
    func publishScheduledEntries(dueAt now: Date, datedNowBefore: Date, limit: Int, announce: Bool) async throws -> [Entry]
}

extension ScheduledEntryStore {
    /// Posts the due entries, telling no other server (see `publishScheduledEntries(dueAt:datedNowBefore:limit:announce:)`).
    public func publishScheduledEntries(dueAt now: Date, datedNowBefore: Date, limit: Int) async throws -> [Entry] {
        try await publishScheduledEntries(dueAt: now, datedNowBefore: datedNowBefore, limit: limit, announce: false)
    }
}
