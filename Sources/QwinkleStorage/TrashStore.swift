import Foundation
import QwinkleKit

/// An entry in its author's trash, and when it was put there.
public struct TrashedEntry: Hashable, Sendable {
    /// The entry as it was when it was deleted.
    public var entry: Entry
    /// When it was deleted; the trash is emptied of it some time after.
    public var deletedAt: Date

    /// Describes an entry in the trash.
    public init(entry: Entry, deletedAt: Date) {
        self.entry = entry
        self.deletedAt = deletedAt
    }
}

/// The trash: `EntryStore.deleteEntry(id:at:)` puts an entry there, where no read of the other stores sees it (not
/// its revisions, marks, photos or idempotency key either) until it is restored whole or purged for good.
public protocol TrashStore: Sendable {
    /// The entry with this ID if it is in the trash, for deciding who may restore it.
    func trashedEntry(id: Entry.ID) async throws -> TrashedEntry?
    /// Takes an entry out of the trash, with the same ID, revisions, marks and photos as before, and returns it;
    /// `nil`, changing nothing, if it is not in the trash (never deleted, restored already, purged, or unknown). With
    /// `announcingAt`, it keeps an `OutgoingWrite` (an update from the trash, at that time) in its transaction.
    func restoreDeletedEntry(id: Entry.ID, announcingAt date: Date?) async throws -> Entry?
    /// An author's trash, most recently deleted first; the cursor is the deletion's own sequence.
    func trash(of author: Account.ID, page: PageRequest) async throws -> [Paged<TrashedEntry>]
    /// Deletes for good every entry put in the trash before `date`, with its revisions, marks, photo attachments
    /// and idempotency key; returns how many entries were purged.
    func purgeTrash(deletedBefore date: Date) async throws -> Int
}

extension TrashStore {
    /// Takes an entry out of the trash, telling no other server (see `restoreDeletedEntry(id:announcingAt:)`).
    public func restoreDeletedEntry(id: Entry.ID) async throws -> Entry? {
        try await restoreDeletedEntry(id: id, announcingAt: nil)
    }
}
