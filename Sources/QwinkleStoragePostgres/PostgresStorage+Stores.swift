import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: FollowStore, FollowRequestStore, BlockStore, JournalStore, ShareStore, ReadMarkerStore, BookmarkStore, PinStore, ActorKeyStore, NotificationStore, DraftStore, MessageStore, ThreadStore, RevisionStore, TrashStore, ArchiveStore, RemoteAccountStore, OAuthStore, PhotoStore, FederationStore, ScheduledEntryStore, ModerationStore {}

extension PostgresStorage: MarkStore {
    /// Looks the marks of entries outside the trash up in one query.
    public func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return try await reading { connection in try await markedEntries(among: entries, by: account, on: connection) }
    }

    /// Which of these entries outside the trash the account marked, in one query on `connection`.
    func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID, on connection: PostgresConnection) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return Set(try await connection.run(MarkedAmong.self, logger: logger, binding: { bindings in
            bindings.append(account.key)
            bindings.append(entries.map(\.key))
        }) { Entry.ID(integer: try $0.decode(Int64.self)) })
    }
}
