/// Everything the server keeps, behind one interface with no database types in it.
///
/// Each backend (SQLite through GRDB by default, PostgreSQL for scale-out) implements every part, and one
/// conformance suite checks them all alike. Each write is one transaction: it happens whole or not at all.
///
/// IDs are issued by the backend as decimal integers in increasing order, so they double as page cursors.
public typealias Storage = AccountStore & SessionStore & FollowStore & FollowRequestStore & BlockStore & JournalStore & PhotoStore & EntryStore
    & TrashStore & RevisionStore & MarkStore & MessageStore & SearchStore & NotificationStore & DraftStore & ArchiveStore
    & ScheduledEntryStore & ThreadStore & OAuthStore & ActorKeyStore & FederationStore & RemoteAccountStore & ShareStore & ReadMarkerStore & BookmarkStore & PinStore & EntryPageStore & ModerationStore & HealthCheck

/// Whether the storage answers.
public protocol HealthCheck: Sendable {
    /// Throws if the database cannot be reached.
    func checkHealth() async throws
}
