import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: FollowStore, FollowRequestStore, BlockStore, JournalStore, ShareStore, ReadMarkerStore, BookmarkStore, PinStore, ActorKeyStore, NotificationStore, DraftStore, MessageStore, SessionStore, ThreadStore, RevisionStore, TrashStore, ArchiveStore, RemoteAccountStore, OAuthStore, PhotoStore, FederationStore, ScheduledEntryStore, ModerationStore {}
