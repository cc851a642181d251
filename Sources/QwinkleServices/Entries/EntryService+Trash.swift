import Foundation
import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// How long a deleted entry waits in its author's trash before it is deleted for good.
    public static let trashLifetime: TimeInterval = 30 * 24 * 60 * 60

    /// Brings one of the account's deleted entries back from its trash, with the same ID, revisions and marks; its
    /// live readers are told it is back. Restoring an entry that is not in the trash changes nothing, for its
    /// author; to anyone else a trashed entry does not exist.
    public func restoreDeleted(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        guard let entryID = Entry.ID(rawValue: id), entryID.integerValue != nil else { throw ServiceError.notFound("The entry \(id)") }
        guard let trashed = try await storage.trashedEntry(id: entryID) else {
            return try await shown(try await owned(id: id, viewer: viewer, action: "restore"), viewer: viewer)
        }
        guard Policy.access(to: trashed.entry, viewer: viewer) == .author,
            let restored = try await storage.restoreDeletedEntry(id: entryID, announcingAt: context.announces(account) ? context.clock.now() : nil)
        else { throw ServiceError.notFound("The entry \(id)") }
        context.events.publish(.updated(before: nil, after: restored, author: account))
        return try await shown(restored, viewer: viewer)
    }

    /// A page of the account's trash, most recently deleted first.
    public func trash(of account: Account, page: PageRequest) async throws -> ListPage<TrashedTimelineEntry> {
        let trashed = try await storage.trash(of: account.id, page: page)
        return ListPage(
            items: trashed.map { TrashedTimelineEntry(entry: TimelineEntry(entry: $0.item.entry, author: account, marked: false), deletedAt: $0.item.deletedAt) },
            next: trashed.count == page.limit ? trashed.last?.cursor : nil
        )
    }

    /// Deletes for good every entry that has been in a trash longer than `trashLifetime`; returns how many.
    @discardableResult
    public func emptyTrash() async throws -> Int {
        try await storage.purgeTrash(deletedBefore: context.clock.now().addingTimeInterval(-Self.trashLifetime))
    }
}

/// An entry in its author's trash, as its author is shown it.
public struct TrashedTimelineEntry: Hashable, Sendable {
    /// The entry as it was deleted.
    public var entry: TimelineEntry
    /// When it was deleted.
    public var deletedAt: Date

    /// Describes an entry in the trash.
    public init(entry: TimelineEntry, deletedAt: Date) {
        self.entry = entry
        self.deletedAt = deletedAt
    }
}
