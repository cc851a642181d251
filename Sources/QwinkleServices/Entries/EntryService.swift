import Foundation
import QwinkleKit
import QwinkleStorage

/// Entries: writing, reading, marking and deleting them. Every decision of who may do what is the `Policy`'s;
/// every write is told to the event bus after it commits.
public struct EntryService: Sendable {
    /// How long an `Idempotency-Key` is remembered.
    public static let idempotencyWindow: TimeInterval = 24 * 60 * 60
    /// The longest alt text.
    public static let maxAltText = 1_500
    /// The longest idempotency key, in bytes.
    public static let maxIdempotencyKey = 255

    let context: ServiceContext
    var storage: any Storage { context.storage }

    /// Creates the service over the shared context.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// Checks the content against every rule and stores it, or returns the entry an earlier request with the same
    /// idempotency key created (within `idempotencyWindow`), storing nothing.
    ///
    /// With `savedDraft` (the ID of one of the author's kept drafts), that draft is deleted in the same transaction
    /// as the entry is stored: a posted draft is gone the moment its entry exists. A draft that is not the author's,
    /// or is gone (posted or deleted elsewhere), is 422 and nothing is posted, so one draft is never posted twice.
    ///
    /// A reply names an entry the author may read (`replyingTo`); its visibility is judged by `Policy.replyProblem`.
    /// Those it mentions and, for a reply, the parent's author are told of it if they may read it.
    public func create(
        _ content: EntryContent, by author: Account, idempotencyKey: String?, savedDraft: String? = nil, replyingTo: ReplyRequest? = nil
    ) async throws -> TimelineEntry {
        let key = try idempotencyKey.map(validatedKey)
        var reply: EntryReply?
        if let replyingTo { reply = try await validatedReply(replyingTo, visibility: content.visibility, author: author) }
        let content = try await validatedContent(content, author: author)
        let draftID = try Self.savedDraftID(savedDraft)
        let mentions = try await mentions(in: content.body, visibility: content.visibility)
        let audience = EntryAudience(author: author.id, visibility: content.visibility, journal: reply?.journal, parentAuthor: reply?.parentAuthor)
        let new = NewEntry(
            author: author.id, content: content, createdAt: context.clock.now(), draft: draftID, reply: reply, mentions: mentions,
            notify: try await notified(audience, mentions: mentions, reply: reply), announce: context.announces(author)
        )
        let creation: EntryCreation
        do {
            creation = try await storage.createEntry(new, idempotencyKey: key)
        } catch StorageError.notFound where draftID != nil {
            throw Self.noSuchDraft
        }
        switch creation {
        case .created(let created):
            context.metrics.entryCreated(created.kind)
            context.events.publish(.created(created, author: author))
            for recipient in new.notify.keys { context.events.publish(.notified(recipient)) }
            // A new entry is its author's own and nobody has marked it or replied yet: only a reply's parent is read.
            guard created.reply != nil else { return TimelineEntry(entry: created, author: author, marked: false) }
            return try await shown(created, viewer: context.viewer(for: author))
        case .replayed(let replayed):
            // A replayed key stored nothing, so there is nothing new to tell; the author may have marked it since.
            return try await shown(replayed, viewer: context.viewer(for: author))
        }
    }

    /// The entry with this ID as the viewer is shown it; hidden and missing entries are the same `notFound`.
    public func entry(id: String, viewer: Viewer) async throws -> TimelineEntry {
        try await shown(readable(id: id, viewer: viewer), viewer: viewer)
    }

    /// A dream entry's card, for those who may read the entry.
    public func card(id: String, viewer: Viewer) async throws -> DreamCard {
        let entry = try await readable(id: id, viewer: viewer)
        guard let card = DreamCard(entry: entry) else { throw ServiceError.notFound("A card for the entry \(id) (it is not a dream)") }
        return card
    }

    /// Moves one of the account's entries to its trash (see `restoreDeleted`); its live readers are told it is gone.
    public func delete(id: String, by account: Account) async throws {
        let entry = try await owned(id: id, viewer: context.viewer(for: account), action: "delete")
        if try await storage.deleteEntry(id: entry.id, at: context.clock.now(), announce: context.announces(account)) {
            context.events.publish(.deleted(entry))
        }
    }

    /// Marks an entry the account may read; marking twice is marking once.
    public func mark(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        do {
            let remote = try await remoteToTell(of: entry, by: account, marked: false)
            try await storage.mark(entry.id, by: account.id, at: context.clock.now())
            // The mark recorded its notification (if it was new); the author's open streams look.
            context.events.publish(.notified(entry.author))
            try await remote?.marked(entry, by: account)
        } catch StorageError.notFound {
            // Deleted between the read and the mark.
            throw ServiceError.notFound("The entry \(id)")
        }
        return try await shown(entry, viewer: viewer)
    }

    /// Takes the account's mark off an entry it may read.
    public func unmark(id: String, by account: Account) async throws -> TimelineEntry {
        let viewer = try await context.viewer(for: account)
        let entry = try await readable(id: id, viewer: viewer)
        let remote = try await remoteToTell(of: entry, by: account, marked: true)
        try await storage.unmark(entry.id, by: account.id)
        try await remote?.unmarked(entry, by: account)
        return try await shown(entry, viewer: viewer)
    }

    /// The directory that tells another server of a change of `account`'s mark on `entry`: only when the entry came
    /// from there, the account is of this server, and the mark is `marked` now (so the change is a change).
    private func remoteToTell(of entry: Entry, by account: Account, marked: Bool) async throws -> (any RemoteDirectory)? {
        guard let remote = context.remote, account.isLocal, try await storage.objectID(of: entry.id) != nil,
            try await storage.markedEntries(among: [entry.id], by: account.id).contains(entry.id) == marked
        else { return nil }
        return remote
    }

    /// The entries as the viewer is shown them, in the same order; an entry whose author is gone is left out.
    ///
    /// Each is shown with what the viewer may know of its thread: the parent of a reply only if the policy lets
    /// them read it (`Policy.shownReply`), and how many replies to it they may read.
    public func shown(_ entries: [Entry], viewer: Viewer) async throws -> [TimelineEntry] {
        try await shown(entries.map { ($0, nil) }, viewer: viewer)
    }

    /// Entries as the viewer is shown them, each with the share (its ID and who shared) that put it in the list,
    /// if one did.
    func shown(_ listed: [(entry: Entry, share: Paged<Account.ID>?)], viewer: Viewer) async throws -> [TimelineEntry] {
        guard !listed.isEmpty else { return [] }
        let entries = listed.map(\.entry)
        // One read for all a page is shown with; a reply's parent on the page itself (a thread, or a conversation in a
        // timeline) is not read again.
        let facts = try await storage.pageFacts(of: entries, alsoAccounts: Set(listed.compactMap(\.share?.item)), viewer: viewer.account)
        let onPage = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let parents = facts.parents.merging(onPage) { _, listed in listed }
        let authors = facts.accounts
        return listed.compactMap { entry, share in
            authors[entry.author].map { author in
                TimelineEntry(
                    entry: entry, author: author, marked: facts.marked.contains(entry.id),
                    reply: entry.reply.map { reply in
                        let parent = parents[reply.parent]
                        return Policy.shownReply(to: parent, author: parent.flatMap { authors[$0.author] }, viewer: viewer)
                    },
                    replyCount: facts.replyAudiences[entry.id]?.count { Policy.canRead($0, viewer: viewer) } ?? 0,
                    sharedBy: share.flatMap { share in authors[share.item].map { EntryShare(id: share.cursor, account: $0) } },
                    // Only what people of other servers wrote has an address elsewhere, and only a web one is shown.
                    originalURL: facts.objectIDs[entry.id].flatMap { WebAddress.isWeb($0) ? $0 : nil },
                    shared: facts.shared.contains(entry.id), bookmarked: facts.bookmarked.contains(entry.id), counts: facts.counts[entry.id] ?? EntryCounts(),
                    pinned: facts.pinned.contains(entry.id),
                    photoSizes: facts.photoSizes.filter { size in entry.content.photos.contains { $0.id == size.key } }
                )
            }
        }
    }

    /// One entry as the viewer is shown it.
    public func shown(_ entry: Entry, viewer: Viewer) async throws -> TimelineEntry {
        guard let shown = try await shown([entry], viewer: viewer).first else { throw ServiceError.notFound("The entry \(entry.id)") }
        return shown
    }

    /// The entry with this ID if the policy lets the viewer read it; anything else is the same `notFound`.
    func readable(id: String, viewer: Viewer) async throws -> Entry {
        guard let entryID = Entry.ID(rawValue: id), entryID.integerValue != nil, let entry = try await storage.entry(id: entryID),
            Policy.access(to: entry, viewer: viewer) != .hidden
        else { throw ServiceError.notFound("The entry \(id)") }
        return entry
    }

    /// The entry with this ID if the viewer wrote it: `notFound` if they may not see it, `forbidden` if they may
    /// but it is someone else's.
    func owned(id: String, viewer: Viewer, action: String) async throws -> Entry {
        let entry = try await readable(id: id, viewer: viewer)
        guard Policy.access(to: entry, viewer: viewer) == .author else {
            throw ServiceError.forbidden("Only the author can \(action) an entry.")
        }
        return entry
    }

    /// The draft a post or a schedule names, as an ID; one that cannot be a draft's is `noSuchDraft`.
    static func savedDraftID(_ text: String?) throws -> Draft.ID? {
        try text.map { text in
            guard let id = Draft.ID(rawValue: text), id.integerValue != nil else { throw noSuchDraft }
            return id
        }
    }

    /// A `draft_id` that names none of the author's drafts.
    static let noSuchDraft = ServiceError.invalid(
        field: "draft_id", "You have no draft with this ID: it may have been posted or deleted already."
    )

    private func validatedKey(_ key: String) throws -> IdempotencyKey {
        // The contract's `^[!-~]([ -~]{0,253}[!-~])?$`: printable ASCII, spaces only inside (a header's ends are trimmed).
        let bytes = key.utf8
        guard (1...Self.maxIdempotencyKey).contains(bytes.count), bytes.allSatisfy({ (0x20...0x7E).contains($0) }),
            bytes.first != 0x20, bytes.last != 0x20
        else {
            throw ServiceError.badRequest("An Idempotency-Key must be 1 to \(Self.maxIdempotencyKey) printable ASCII characters.")
        }
        return IdempotencyKey(key: key, since: context.clock.now().addingTimeInterval(-Self.idempotencyWindow))
    }
}
