import QwinkleKit

// The one mapping between the API's JSON shapes and QwinkleKit's models, used by the server (models to the wire)
// and by every client (the wire to models). Both sides spell their enums alike, so each conversion goes by raw
// value; one that finds no match is a `WireMismatch`, never a silent default.

// MARK: Accounts

extension Components.Schemas.Account {
    /// An account as the API shows it.
    package init(_ account: Account) throws(WireMismatch) {
        self.init(
            id: account.id.rawValue,
            username: account.username,
            displayName: account.displayName,
            bio: account.bio,
            avatar: account.avatar?.rawValue,
            avatarUrl: account.avatar.map(PhotoURL.path),
            favoriteCreature: try account.favoriteCreature.map { c throws(WireMismatch) in
                try Wire.value(Components.Schemas.Creature.self, c.rawValue, field: "favorite_creature")
            },
            createdAt: account.createdAt,
            locked: account.locked ? true : nil,
            standing: account.standing == .good
                ? nil : try Wire.value(Components.Schemas.Account.StandingPayload.self, account.standing.rawValue, field: "standing")
        )
    }

    /// The account this describes.
    package func model() throws(WireMismatch) -> Account {
        Account(
            id: try identifier(id, field: "id"), username: username, displayName: displayName, bio: bio,
            avatar: try avatar.map { v throws(WireMismatch) in try identifier(v, field: "avatar") },
            favoriteCreature: try favoriteCreature.map { c throws(WireMismatch) in
                try Wire.value(Creature.self, c.rawValue, field: "favorite_creature")
            },
            createdAt: createdAt,
            locked: locked ?? false,
            standing: try standing.map { s throws(WireMismatch) in try Wire.value(AccountStanding.self, s.rawValue, field: "standing") } ?? .good
        )
    }
}

extension Components.Schemas.Relationship {
    /// How the viewer and an account stand.
    package func model() throws(WireMismatch) -> Relationship {
        Relationship(
            account: try account.model(), following: following, followedBy: followedBy, blocking: blocking, blockedBy: blockedBy,
            muting: muting.map { Mute(notifications: $0.notifications, expiresAt: $0.expiresAt) }, domainBlocking: domainBlocking,
            requested: requested, requestedBy: requestedBy, note: note ?? ""
        )
    }
}

// MARK: Entries

extension Components.Schemas.Entry {
    /// An entry as a viewer is shown it, with its author and the viewer's mark.
    package init(_ shown: TimelineEntry) throws(WireMismatch) {
        let entry = shown.entry
        // The content's fields are placeholders until `write(_:)`, the one mapping of them, sets them.
        self.init(
            kind: .update, body: "", visibility: .journal,
            id: entry.id.rawValue,
            authorId: entry.author.rawValue,
            author: try Components.Schemas.Account(shown.author),
            photos: [],
            revision: entry.revision,
            createdAt: entry.createdAt,
            editedAt: entry.editedAt,
            importedAt: entry.importedAt,
            marked: shown.marked,
            shared: shown.shared,
            bookmarked: shown.bookmarked,
            pinned: shown.pinned ? true : nil,
            marksCount: shown.counts.marks,
            sharesCount: shown.counts.shares,
            isReply: shown.reply != nil,
            inReplyTo: try shown.reply.flatMap { reply throws(WireMismatch) in
                guard case .to(let parent, let author) = reply else { return nil }
                return Components.Schemas.ReplyParent(id: parent.rawValue, author: try Components.Schemas.Account(author))
            },
            repliesCount: shown.replyCount,
            mentions: entry.mentions.map { .init(accountId: $0.account.rawValue, username: $0.username, host: $0.host) },
            tags: EntryText.tags(of: entry.body),
            originalUrl: shown.originalURL,
            sharedBy: try shown.sharedBy.map { share throws(WireMismatch) in
                Components.Schemas.EntryShare(id: String(share.id), account: try Components.Schemas.Account(share.account))
            }
        )
        try write(entry.content)
        for index in photos.indices {
            let size = Photo.ID(rawValue: photos[index].id).flatMap { shown.photoSizes[$0] }
            photos[index].width = size?.width
            photos[index].height = size?.height
        }
        // Shown, never sent: the wire content that clients send has no HTML.
        // Its linked media follow its HTML, as every client shows them.
        html = EntryHTML.shown(entry.content)
        language = entry.content.language
    }

    /// The entry, its author, the viewer's mark and what the viewer may know of its thread. The stored reply (its
    /// thread and journal) is the server's: a client knows only what it is shown.
    package func model() throws(WireMismatch) -> TimelineEntry {
        var content = try content()
        content.html = html
        content.language = language
        let entry = Entry(
            id: try identifier(id, field: "id"), author: try identifier(authorId, field: "author_id"), content: content,
            revision: revision, createdAt: createdAt, editedAt: editedAt, importedAt: importedAt,
            mentions: try mentions.enumerated().map { index, mention throws(WireMismatch) in
                Mention(account: try identifier(mention.accountId, field: "mentions.\(index).account_id"), username: mention.username, host: mention.host)
            }
        )
        let reply: ShownReply? = if let inReplyTo {
            .to(parent: try identifier(inReplyTo.id, field: "in_reply_to.id"), author: try inReplyTo.author.model())
        } else {
            isReply ? .unavailable : nil
        }
        let share = try sharedBy.map { share throws(WireMismatch) in
            guard let id = Int64(share.id) else { throw WireMismatch(type: "share ID", value: share.id, field: "shared_by.id") }
            return EntryShare(id: id, account: try share.account.model())
        }
        var photoSizes: [Photo.ID: PhotoSize] = [:]
        for photo in photos {
            guard let width = photo.width, let height = photo.height else { continue }
            photoSizes[try identifier(photo.id, field: "photos.id")] = PhotoSize(width: width, height: height)
        }
        return TimelineEntry(
            entry: entry, author: try author.model(), marked: marked, reply: reply, replyCount: repliesCount, sharedBy: share, originalURL: originalUrl,
            shared: shared ?? false, bookmarked: bookmarked ?? false, counts: EntryCounts(marks: marksCount ?? 0, shares: sharesCount ?? 0),
            pinned: pinned ?? false, photoSizes: photoSizes
        )
    }
}

extension Components.Schemas.EntryContext {
    /// A thread as a viewer is shown it.
    package init(_ thread: EntryThread) throws(WireMismatch) {
        self.init(
            entry: try Components.Schemas.Entry(thread.entry),
            ancestors: try thread.ancestors.map { e throws(WireMismatch) in try Components.Schemas.Entry(e) },
            replies: try thread.replies.map { r throws(WireMismatch) in .init(depth: r.depth, entry: try Components.Schemas.Entry(r.entry)) }
        )
    }

    /// The thread this describes.
    package func model() throws(WireMismatch) -> EntryThread {
        EntryThread(
            entry: try entry.model(),
            ancestors: try ancestors.map { e throws(WireMismatch) in try e.model() },
            replies: try replies.map { r throws(WireMismatch) in ThreadReply(entry: try r.entry.model(), depth: r.depth) }
        )
    }
}

extension Components.Schemas.NewEntry {
    /// The request body for a new entry's content.
    package init(_ content: EntryContent) throws(WireMismatch) {
        self.init(kind: .update, body: "", visibility: .journal)
        try write(content)
    }
}

extension Components.Schemas.EntryContent {
    /// The request body for a draft's content.
    package init(_ content: QwinkleKit.EntryContent) throws(WireMismatch) {
        self.init(kind: .update, body: "", visibility: .journal)
        try write(content)
    }
}

extension Components.Schemas.EntryUpdate {
    /// An edit: the suggested content and the revision it started from.
    package init(baseRevision: Int, content: EntryContent) throws(WireMismatch) {
        self.init(kind: .update, body: "", visibility: .journal, baseRevision: baseRevision)
        try write(content)
    }
}

extension Components.Schemas.DraftUpdate {
    /// A draft's save: its content and the revision this client last had.
    package init(baseRevision: Int, content: EntryContent) throws(WireMismatch) {
        self.init(kind: .update, body: "", visibility: .journal, baseRevision: baseRevision)
        try write(content)
    }
}

extension Components.Schemas.Dream {
    /// A dream's details, effects in their fixed order.
    package init(_ dream: DreamDetails) throws(WireMismatch) {
        self.init(
            creature: try Wire.value(Components.Schemas.Creature.self, dream.creature.rawValue, field: "dream.creature"),
            effects: try dream.effects.sorted().map { e throws(WireMismatch) in
                try Wire.value(Components.Schemas.DreamEffect.self, e.rawValue, field: "dream.effects")
            },
            numberOfCreatures: dream.numberOfCreatures.rawValue
        )
    }

    /// The dream's details; a count outside the allowed range, or an effect named twice (the contract's
    /// `uniqueItems`, refused rather than quietly made a set), is a mismatch too.
    package func model() throws(WireMismatch) -> DreamDetails {
        let creature = try Wire.value(Creature.self, creature.rawValue, field: "dream.creature")
        let effects = try effects.map { e throws(WireMismatch) in try Wire.value(DreamEffect.self, e.rawValue, field: "dream.effects") }
        guard Set(effects).count == effects.count else {
            throw WireMismatch(type: "DreamEffect", value: "", field: "dream.effects", reason: "Name each effect once.")
        }
        guard let count = CreatureCount(numberOfCreatures) else {
            throw WireMismatch(
                type: "CreatureCount", value: String(numberOfCreatures), field: "dream.number_of_creatures", reason: CreatureCount.outOfRange
            )
        }
        return DreamDetails(creature: creature, effects: Set(effects), numberOfCreatures: count)
    }
}

// MARK: Drafts

extension Components.Schemas.Draft {
    /// A draft as its owner is shown it.
    package init(_ draft: Draft) throws(WireMismatch) {
        self.init(
            kind: .update, body: "", visibility: .journal,
            id: draft.id.rawValue, ownerId: draft.owner.rawValue, photos: [],
            revision: draft.revision, createdAt: draft.createdAt, updatedAt: draft.updatedAt
        )
        try write(draft.content)
    }

    /// The draft this describes.
    package func model() throws(WireMismatch) -> Draft {
        Draft(
            id: try identifier(id, field: "id"), owner: try identifier(ownerId, field: "owner_id"), content: try content(),
            revision: revision, createdAt: createdAt, updatedAt: updatedAt
        )
    }
}

// MARK: Photos and messages

extension Components.Schemas.Photo {
    /// An uploaded photo and where its bytes are.
    package init(_ photo: Photo) {
        self.init(
            id: photo.id.rawValue, url: PhotoURL.path(photo.id), byteSize: photo.byteSize, sha256: photo.sha256, contentType: photo.contentType,
            width: photo.size?.width, height: photo.size?.height
        )
    }

    /// The photo this describes.
    package func model() throws(WireMismatch) -> Photo {
        Photo(
            id: try identifier(id, field: "id"), contentType: contentType, byteSize: byteSize, sha256: sha256,
            size: width.flatMap { width in height.map { PhotoSize(width: width, height: $0) } }
        )
    }
}

extension Components.Schemas.LoginSession {
    /// A session as its owner sees it.
    package init(_ session: LoginSession) {
        self.init(
            id: session.id.rawValue, client: session.client, createdAt: session.createdAt, lastUsedAt: session.lastUsedAt,
            current: session.isCurrent
        )
    }

    /// The session this describes.
    package func model() throws(WireMismatch) -> LoginSession {
        LoginSession(
            id: try identifier(id, field: "id"), client: client, createdAt: createdAt, lastUsedAt: lastUsedAt, isCurrent: current
        )
    }
}

extension Components.Schemas.Message {
    /// A message in a conversation.
    package init(_ message: Message) {
        self.init(
            id: message.id.rawValue, conversationId: message.conversation.rawValue, senderId: message.sender?.rawValue,
            body: message.body, photoIds: message.photos.map(\.rawValue), createdAt: message.createdAt
        )
    }

    /// The message this describes.
    package func model() throws(WireMismatch) -> Message {
        Message(
            id: try identifier(id, field: "id"), conversation: try identifier(conversationId, field: "conversation_id"),
            sender: try senderId.map { v throws(WireMismatch) in try identifier(v, field: "sender_id") }, body: body,
            photos: try photoIds.map { v throws(WireMismatch) in try identifier(v, field: "photo_ids") }, createdAt: createdAt
        )
    }
}

extension Components.Schemas.Conversation {
    /// A conversation with its participants' accounts, in the order of their IDs, as its reader has it.
    package init(
        _ conversation: Conversation, accounts: [Account.ID: Account], lastMessage: Message? = nil, unread: Bool = false
    ) throws(WireMismatch) {
        let participants = conversation.participants.sorted { ($0.integerValue ?? 0) < ($1.integerValue ?? 0) }
        self.init(
            unread: unread,
            lastMessage: lastMessage.map(Components.Schemas.Message.init),
            id: conversation.id.rawValue,
            participants: participants.map(\.rawValue),
            accounts: try participants.compactMap { accounts[$0] }.map { a throws(WireMismatch) in try Components.Schemas.Account(a) },
            createdAt: conversation.createdAt,
            lastMessageAt: conversation.lastMessageAt
        )
    }

    /// The conversation, its participants' accounts, its latest message when sent, and whether it is unread.
    package func model() throws(WireMismatch) -> (conversation: Conversation, accounts: [Account], lastMessage: Message?, unread: Bool) {
        let conversation = Conversation(
            id: try identifier(id, field: "id"),
            participants: Set(try participants.map { v throws(WireMismatch) in try identifier(v, field: "participants") }),
            createdAt: createdAt, lastMessageAt: lastMessageAt
        )
        return (conversation, try accounts.map { a throws(WireMismatch) in try a.model() }, try lastMessage?.model(), unread)
    }
}

/// An ID from the API's text; an empty one is a mismatch.
package func identifier<Subject>(_ text: String, field: String? = nil) throws(WireMismatch) -> Identifier<Subject> {
    guard let identifier = Identifier<Subject>(rawValue: text) else { throw WireMismatch(type: "ID", value: text, field: field) }
    return identifier
}

extension Components.Schemas.SnippetPart {
    /// A run of a search snippet.
    package init(_ part: SearchSnippet.Part) {
        self.init(text: part.text, match: part.isMatch)
    }

    /// The run this describes.
    package var model: SearchSnippet.Part {
        SearchSnippet.Part(text: text, isMatch: match)
    }
}

// MARK: Notifications

extension Components.Schemas.Notification {
    /// A group of notifications as the API shows it, with its sentence.
    package init(_ group: NotificationGroup) throws(WireMismatch) {
        self.init(
            id: group.id.rawValue,
            oldestId: group.oldestID.rawValue,
            kind: try Wire.value(Components.Schemas.NotificationKind.self, group.kind.rawValue, field: "kind"),
            count: group.count,
            actors: try group.actors.map { a throws(WireMismatch) in try Components.Schemas.Account(a) },
            summary: group.summary,
            unread: group.unread,
            createdAt: group.createdAt,
            entry: try group.entry.map { e throws(WireMismatch) in try Components.Schemas.Entry(e) },
            conversationId: group.conversation?.rawValue,
            baseRevision: group.baseRevision,
            currentRevision: group.currentRevision
        )
    }

    /// The group this describes.
    package func model() throws(WireMismatch) -> NotificationGroup {
        NotificationGroup(
            id: try identifier(id, field: "id"), oldestID: try identifier(oldestId, field: "oldest_id"),
            kind: try Wire.value(AccountNotification.Kind.self, kind.rawValue, field: "kind"), count: count,
            actors: try actors.map { a throws(WireMismatch) in try a.model() },
            entry: try entry.map { e throws(WireMismatch) in try e.model() },
            conversation: try conversationId.map { v throws(WireMismatch) in try identifier(v, field: "conversation_id") },
            baseRevision: baseRevision, currentRevision: currentRevision, createdAt: createdAt, unread: unread
        )
    }
}

extension Components.Schemas.ArchiveImportReport {
    /// What an import did, as the API reports it.
    package init(_ report: ArchiveImportReport) {
        self.init(
            format: report.format, entriesImported: report.entriesImported, entriesAlreadyPresent: report.entriesAlreadyPresent,
            photosImported: report.photosImported, following: report.following, followingNotFound: report.followingNotFound,
            journalReaders: report.journalReaders, journalReadersNotFound: report.journalReadersNotFound,
            warnings: report.warnings
        )
    }

    /// The report this describes.
    package func model() -> ArchiveImportReport {
        ArchiveImportReport(
            format: format, entriesImported: entriesImported, entriesAlreadyPresent: entriesAlreadyPresent,
            photosImported: photosImported, following: following, followingNotFound: followingNotFound,
            journalReaders: journalReaders, journalReadersNotFound: journalReadersNotFound, warnings: warnings
        )
    }
}
