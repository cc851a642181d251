import QwinkleKit
import QwinkleStorage

extension EntryService {
    /// Bookmarks an entry the account may read, to find it again in its bookmarks; nobody else is told or knows.
    /// Bookmarking twice is bookmarking once.
    public func bookmark(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        do {
            try await storage.bookmark(entry.id, by: account.id, at: context.clock.now())
        } catch StorageError.notFound {
            // Deleted between the read and the bookmark.
            throw ServiceError.notFound("The entry \(id)")
        }
        return try await shown(entry, viewer: viewer)
    }

    /// Takes the account's bookmark off an entry it may read.
    public func unbookmark(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        try await storage.unbookmark(entry.id, by: account.id)
        return try await shown(entry, viewer: viewer)
    }
}
