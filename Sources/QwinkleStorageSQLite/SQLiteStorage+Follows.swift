import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: FollowStore, JournalStore, ShareStore, ActorKeyStore, NotificationStore, DraftStore, MessageStore, SessionStore, ThreadStore, RevisionStore, TrashStore, ArchiveStore, RemoteAccountStore, OAuthStore, PhotoStore, FederationStore, ScheduledEntryStore {}

extension SQLiteStorage {
    /// The `AND column < ? AND column > ?` conditions of a page, with their arguments.
    static func pageWindow(_ page: PageRequest, column: String) -> (sql: String, arguments: [Int64]) {
        var sql = ""
        var arguments: [Int64] = []
        if let max = page.maxCursor {
            sql += " AND \(column) < ?"
            arguments.append(max)
        }
        if let since = page.sinceCursor {
            sql += " AND \(column) > ?"
            arguments.append(since)
        }
        return (sql, arguments)
    }
}
