import Foundation
import QwinkleKit
import QwinkleStorage

extension FederationService {
    /// Keeps a note from elsewhere as an entry of its author's, once per object ID (one kept before is answered as
    /// it is), with the notifications and events a local entry of that audience causes. It is wanted only by someone
    /// here: its author's followers, those it answers or names whom the policy lets read it, or (`shared`) the
    /// followers of someone who shared it. Its author is fetched only then. `activityID`, when the note came in an
    /// activity, is remembered so that a retry acts once.
    public func receive(_ note: IncomingNote, activityID: String?, shared: Bool = false) async throws -> IncomingOutcome {
        let parent = try await entry(note.inReplyTo)
        // A thread that began in a journal stays among the journal's readers: nobody elsewhere answers in it.
        if parent?.journalOwner != nil { return try await setAside(activityID) }
        let reply = parent.map(EntryReply.init(answering:))
        let mentions = note.mentioned.map(Mention.init(naming:))
        var author = try await storage.remoteAccount(actorURL: note.authorURL)
        var wanted = shared
        if !wanted, let author { wanted = try await storage.hasLocalFollowers(author.id) }
        var mayConcern = mentions.contains { $0.host == nil }
        if !mayConcern, let reply { mayConcern = try await storage.account(id: reply.parentAuthor)?.isLocal ?? false }
        // An actor nobody here follows is fetched and kept only for a note that may be for someone here.
        guard wanted || mayConcern else { return try await setAside(activityID) }
        if author == nil { author = try await context.remote?.account(actorURL: note.authorURL) }
        guard let author else { return .authorUnavailable }
        let audience = EntryAudience(author: author.id, visibility: note.visibility, parentAuthor: reply?.parentAuthor)
        let notify = try await entries.notified(audience, mentions: mentions, reply: reply)
        guard wanted || !notify.isEmpty else { return try await setAside(activityID) }
        if let activityID, try await !isFirstTime(activityID: activityID) { return .repeated }
        var content = EntryContent(kind: .update, body: note.body, sensitive: note.sensitive, visibility: note.visibility, lines: note.lines)
        content.html = note.html
        content.language = note.language
        let photos = note.attachments.isEmpty ? [] : try await context.remote?.photos(of: note.attachments, by: author) ?? []
        Self.attach(note.attachments, photos: photos, to: &content)
        let new = NewEntry(
            author: author.id, content: content, createdAt: note.published ?? context.clock.now(), reply: reply, mentions: mentions, notify: notify
        )
        let creation = try await storage.createRemoteEntry(objectID: note.objectID, new)
        if case .created(let entry) = creation {
            context.events.publish(.created(entry, author: author))
            for recipient in notify.keys { context.events.publish(.notified(recipient)) }
        }
        return .kept(creation.entry)
    }

    /// A new text (and lines) for a note kept here, sent by its author: a new revision of its entry, told to the
    /// streams as an edit is. Anything else (a note not kept, or not the actor's) is set aside.
    public func revise(
        objectID: String, by authorURL: String, body: String, html: String? = nil, language: String? = nil, lines: [ContentLine: String] = [:],
        sensitive: Bool = false, attachments: [RemoteAttachment] = [], editedAt: Date?, activityID: String
    ) async throws {
        guard let id = try await storage.entryID(objectID: objectID), let before = try await storage.entry(id: id),
            let author = try await storage.remoteAccount(actorURL: authorURL), before.author == author.id
        else { return try await setAside(activityID) }
        var after = before
        after.content.body = body
        after.content.html = html
        after.content.language = language
        for line in ContentLine.allCases { after.content[line: line] = lines[line] }
        after.content.sensitive = sensitive
        // Pictures are not fetched again for an edit: the photos kept stay, as the note's pictures, and the rest of
        // its attachments are links (all of them, for an entry that kept no photo).
        Self.attach(attachments.filter { before.content.photos.isEmpty || !$0.mayBePicture }, photos: [], to: &after.content)
        guard try await isFirstTime(activityID: activityID), after.content != before.content else { return }
        after.revision += 1
        after.editedAt = editedAt ?? context.clock.now()
        if try await storage.updateEntry(after, expectedRevision: before.revision) {
            context.events.publish(.updated(before: before, after: after, author: author))
        }
    }

    /// Keeps a note's attachments in its entry's content: those kept as photos (`photos`, in the attachments'
    /// order) as its photos, as many as an entry holds, and every other one as linked media, named in its text.
    static func attach(_ attachments: [RemoteAttachment], photos: [AttachedPhoto?], to content: inout EntryContent) {
        content.linkedMedia = []
        guard !attachments.isEmpty else { return }
        var lines = content.body.isEmpty ? [] : [content.body]
        for (index, attachment) in attachments.enumerated() {
            if index < photos.count, let photo = photos[index], content.photos.count < Entry.maxPhotos {
                content.photos.append(photo)
            } else {
                lines.append(attachment.linkText)
                content.linkedMedia.append(attachment.media)
            }
        }
        content.body = lines.joined(separator: "\n\n")
    }

    /// A note kept here deleted by its author: its entry goes, as its author's own deletion would take it.
    /// The copies of its pictures go with it (`photos` keeps their bytes): nobody here can restore another server's
    /// note.
    public func deleteNote(objectID: String, by authorURL: String, activityID: String, photos: PhotoService) async throws {
        guard let id = try await storage.entryID(objectID: objectID), let entry = try await storage.entry(id: id),
            let author = try await storage.remoteAccount(actorURL: authorURL), entry.author == author.id
        else { return try await setAside(activityID) }
        guard try await isFirstTime(activityID: activityID) else { return }
        if try await storage.deleteEntry(id: id, at: context.clock.now()) {
            context.events.publish(.deleted(entry))
        }
        if !entry.content.photos.isEmpty { try await photos.removeUnused(sha256: try await storage.removeFetchedPhotos(of: id)) }
    }

    /// An entry of this server, or one kept from another by its object ID, as it is kept (no reader's view: the
    /// services' own checks come after).
    func entry(_ reference: ObjectReference?) async throws -> Entry? {
        switch reference {
        case .here(let id): try await storage.entry(id: id)
        case .elsewhere(let objectID): try await storage.entryID(objectID: objectID).asyncFlatMap { try await storage.entry(id: $0) }
        case nil: nil
        }
    }

    /// The entry `id` for a fetch from another server: as a reader who is not signed in reads it, or, for a fetch
    /// signed by `follower` (an actor who follows its author from elsewhere), as one of the author's followers
    /// reads it. Only an entry of this server's people that leaves the server is ever shown; anything else is
    /// `notFound`, whoever signed.
    public func entry(id: String, fetchedBy follower: String?) async throws -> TimelineEntry {
        var viewer = try await context.viewer(for: nil)
        if let follower, let entryID = Entry.ID(rawValue: id), entryID.integerValue != nil, let kept = try await storage.entry(id: entryID),
            try await storage.remoteFollowers(of: kept.author).contains(where: { $0.actorURL == follower })
        {
            viewer.relations.following.insert(kept.author)
        }
        let shown = try await entries.entry(id: id, viewer: viewer)
        guard shown.author.isLocal, shown.entry.content.visibility.leavesServer else { throw ServiceError.notFound("The entry \(id)") }
        return shown
    }

    /// The entry `entry` answers, when that one leaves the server too (so it may be named to the same readers),
    /// with its object's ID when it came from another server.
    public func parent(of entry: Entry) async throws -> (entry: Entry, objectID: String?)? {
        guard let reply = entry.reply, let parent = try await storage.entry(id: reply.parent), parent.content.visibility.leavesServer else {
            return nil
        }
        return (parent, try await storage.objectID(of: parent.id))
    }

    /// The object ID of an entry kept from another server; `nil` for one of this server's.
    public func objectID(of entry: Entry.ID) async throws -> String? {
        try await storage.objectID(of: entry)
    }

    /// Remembers an activity nothing here is for, so that a retry is not read again.
    func setAside(_ activityID: String?) async throws -> IncomingOutcome {
        if let activityID { _ = try await isFirstTime(activityID: activityID) }
        return .unwanted
    }

    /// Remembers an activity nothing here is for.
    func setAside(_ activityID: String) async throws {
        _ = try await isFirstTime(activityID: activityID)
    }
}

extension Optional {
    /// The value `transform` makes of the wrapped one, or `nil`.
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

extension FederationService {
    /// The entries an account pinned that anyone may read (public and unlisted ones), newest pin first: its
    /// `featured` collection, which other servers show on the profile.
    public func pinnedEntries(of account: Account.ID) async throws -> [TimelineEntry] {
        let anyone = try await context.viewer(for: nil)
        let page = try await TimelineService(context: context, entries: entries).page(
            .pinned(by: account), page: PageRequest(limit: EntryService.maxPins), viewer: anyone
        )
        return page.items.filter { $0.author.isLocal && $0.entry.content.visibility.leavesServer }
    }
}
