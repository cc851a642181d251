import Foundation
import QwinkleKit

/// Bookmarks: entries a person keeps to read again, which nobody else knows of (no notification, no count).
public protocol BookmarkStore: Sendable {
    /// Bookmarks an entry; doing it again changes nothing. Throws `StorageError.notFound` for an unknown entry or one
    /// in the trash.
    func bookmark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws
    /// Takes a bookmark away; doing it again changes nothing.
    func unbookmark(_ entry: Entry.ID, by account: Account.ID) async throws
}
