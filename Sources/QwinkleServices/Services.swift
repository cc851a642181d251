import QwinkleKit
import QwinkleStorage

/// Every service of Qwinkle, over one storage, clock and event bus: the front doors (the JSON API and the web
/// app) call these and nothing below them, so each rule is decided in one place.
public struct Services: Sendable {
    /// What the services share.
    public let context: ServiceContext
    /// Sign-up, sessions, profiles, password changes and account deletion.
    public let accounts: AccountService
    /// Entries, their edits, revisions, marks and trash.
    public let entries: EntryService
    /// Entries scheduled to be posted later.
    public let scheduled: ScheduledEntryService
    /// Lists of entries, and live timelines.
    public let timelines: TimelineService
    /// Follows and journal readers.
    public let social: SocialService
    /// Photo uploads and reads.
    public let photos: PhotoService
    /// Private messages.
    public let messages: MessageService
    /// Search of entries and accounts.
    public let search: SearchService
    /// Notifications: grouped pages, read markers, unread counts, live streams.
    public let notifications: NotificationService
    /// Drafts kept for their owners, saved and merged as entries' edits are.
    public let drafts: DraftService
    /// An account's archive: its export as a stream, and imports.
    public let archives: ArchiveService
    /// Apps signed in through OAuth: registration, authorization codes, tokens and their scopes.
    public let oauth: OAuthService
    /// Each account's key pair for federation.
    public let actorKeys: ActorKeyService
    /// What other servers do here, and what is sent to them.
    public let federation: FederationService
    /// Reports, and what the server's moderators do.
    public let moderation: ModerationService

    /// Builds the services over `context`, hashing passwords with `passwords` and keeping photos' bytes in
    /// `photoBytes` (a `PhotoFiles` folder for one server, the database for several).
    public init(context: ServiceContext, passwords: any PasswordHashing, photoBytes: any PhotoBytesStore) {
        self.context = context
        photos = PhotoService(context: context, bytes: photoBytes)
        accounts = AccountService(context: context, passwords: passwords, photos: photos)
        entries = EntryService(context: context)
        scheduled = ScheduledEntryService(context: context, entries: entries)
        timelines = TimelineService(context: context, entries: entries)
        social = SocialService(context: context)
        messages = MessageService(context: context)
        search = SearchService(context: context, entries: entries)
        notifications = NotificationService(context: context, entries: entries)
        drafts = DraftService(context: context, entries: entries)
        archives = ArchiveService(context: context, photos: photos, social: social)
        oauth = OAuthService(context: context)
        actorKeys = ActorKeyService(context: context)
        federation = FederationService(context: context, entries: entries)
        moderation = ModerationService(context: context, entries: entries)
    }
}
