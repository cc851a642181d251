import QwinkleKit
import QwinkleStorage

/// The one place that decides who may read and who may change what. Every read path and every write path asks
/// it: entries, timelines, live streams, marks, photos and messages. Whatever it hides answers exactly like
/// something that does not exist.
public enum Policy {
    /// Whether the viewer may read an entry with this audience: the author always; `public` and `unlisted` everyone;
    /// `followers` the author's followers; `journal` the author's journal readers; `private` nobody else.
    ///
    /// A reply in a thread that started in a journal entry belongs to that journal: as `journal` it is read by the
    /// journal's owner and readers (not the replier's), as `private` by its author alone, and by nobody who has lost
    /// the journal. Any other reply is read too by the author of the entry it answers, unless it is private: a reply
    /// for the replier's followers is still an answer to that person.
    ///
    /// A block hides each of the two from the other, whoever made it: nothing either writes exists for the other. A
    /// suspended account's entries exist for nobody.
    public static func canRead(_ entry: EntryAudience, viewer: Viewer) -> Bool {
        if entry.author == viewer.account { return true }
        if viewer.relations.isBlocked(entry.author) { return false }
        if let owner = entry.journal {
            guard entry.visibility == .journal else { return false }
            return viewer.account == owner || viewer.relations.journalOwners.contains(owner)
        }
        if entry.visibility != .private, let parentAuthor = entry.parentAuthor, parentAuthor == viewer.account { return true }
        switch entry.visibility {
        case .public, .unlisted: return true
        case .followers: return viewer.relations.following.contains(entry.author)
        case .journal: return viewer.relations.journalOwners.contains(entry.author)
        case .private: return false
        }
    }

    /// Whether the viewer may read an entry.
    public static func canRead(_ entry: Entry, viewer: Viewer) -> Bool {
        canRead(EntryAudience(entry), viewer: viewer)
    }

    /// What the viewer may do with an entry: nothing (it is hidden), read and mark it, or, as its author, also
    /// edit, delete, restore it and see its revisions.
    public static func access(to entry: Entry, viewer: Viewer) -> EntryAccess {
        if entry.author == viewer.account { return .author }
        return canRead(entry, viewer: viewer) ? .reader : .hidden
    }

    /// Whether the viewer may read a conversation: its participants only.
    public static func canRead(_ conversation: Conversation, viewer: Viewer) -> Bool {
        viewer.account.map(conversation.participants.contains) ?? false
    }

    /// Whether the viewer may fetch a photo's bytes: its uploader, or anyone who may read an entry, a message
    /// or a profile that shows it.
    public static func canRead(_ photo: StoredPhoto, uses: PhotoUses, viewer: Viewer) -> Bool {
        if photo.uploader == viewer.account || uses.isAvatar { return true }
        if uses.entries.contains(where: { canRead($0, viewer: viewer) }) { return true }
        guard let account = viewer.account else { return false }
        return uses.conversations.contains { $0.contains(account) }
    }

    /// Whether an account may attach a photo (to an entry, a message or as its avatar): only its own uploads.
    public static func canAttach(_ photo: StoredPhoto, by account: Account.ID) -> Bool {
        photo.uploader == account
    }

    /// Whether the viewer may see, change, post or delete a draft: its owner alone; to anyone else it does not exist.
    public static func canUse(_ draft: Draft, viewer: Viewer) -> Bool {
        draft.owner == viewer.account
    }

    /// Whether an account may follow another, or share its journal with it: never itself.
    public static func canRelate(_ account: Account.ID, to other: Account.ID) -> Bool {
        account != other
    }

    /// Whether a list shows the viewer an entry: one they may read, unless its author is someone they mute or a
    /// limited account out of their reach (`isOutOfReach`). Neither is kept out of their own page (`.author`) nor the entries the
    /// viewer marked, which the viewer went to on purpose; both are kept out of every other list (timelines, threads,
    /// search, live streams).
    /// An unlisted entry is listed only where its author or its reader put it, or to its author's followers
    /// (`isUnlisted`).
    public static func lists(_ entry: Entry, in scope: EntryScope?, viewer: Viewer) -> Bool {
        canRead(entry, viewer: viewer) && !hidesEveryEntry(of: entry.author, in: scope, viewer: viewer)
            && !isUnlisted(entry, in: scope, viewer: viewer)
    }

    /// Whether a list keeps an entry out because it is unlisted: shown by its link, on its author's page, in its
    /// thread, in the marks of who marked it and in its author's followers' home, it is kept off the public
    /// timeline for everyone and off the lists strangers find things in (a tag's timeline, search) for all but the
    /// author's followers.
    public static func isUnlisted(_ entry: Entry, in scope: EntryScope?, viewer: Viewer) -> Bool {
        guard entry.visibility == .unlisted, entry.author != viewer.account else { return false }
        switch scope {
        case .author, .marked, .bookmarked, .pinned, .home, .thread: return false
        case .everyonePublic: return true
        case .tag, .journal, nil: return !viewer.relations.following.contains(entry.author)
        }
    }

    /// Whether a list keeps out every entry of `author`, whatever it is: a block either way or a suspension anywhere,
    /// and but on their own page and the marks, a mute or a limit that keeps them out of the viewer's reach. A live
    /// stream takes off an open page the authors this newly holds for.
    public static func hidesEveryEntry(of author: Account.ID, in scope: EntryScope?, viewer: Viewer) -> Bool {
        if author == viewer.account { return false }
        if viewer.relations.isBlocked(author) { return true }
        switch scope {
        case .author, .marked, .bookmarked, .pinned: return false
        default: return isMuted(author, viewer: viewer) || isOutOfReach(author, viewer: viewer)
        }
    }

    /// Whether the viewer is shown what `actor` did to them (a follow, a mark, a mention, a message): not if a block
    /// stands between them, nor if the viewer mutes the actor's notifications, nor if the actor is limited and out of
    /// the viewer's reach.
    public static func notifies(by actor: Account.ID, viewer: Viewer) -> Bool {
        !viewer.relations.isBlocked(actor) && viewer.relations.muting[actor] != true && !isOutOfReach(actor, viewer: viewer)
    }

    /// Whether `account` is limited and the viewer is not one of its followers or journal readers (nor the account
    /// itself): a limited account reaches only those it chose, or who chose it.
    public static func isOutOfReach(_ account: Account.ID, viewer: Viewer) -> Bool {
        viewer.relations.limited.contains(account) && account != viewer.account && !viewer.relations.following.contains(account)
            && !viewer.relations.journalOwners.contains(account)
    }

    /// Whether the account may act as one of the server's moderators: `isModerator` is what the storage says of it,
    /// and a moderator who is not in good standing is none.
    public static func canModerate(_ account: Account, isModerator: Bool) -> Bool {
        isModerator && account.isLocal && account.standing == .good
    }

    /// Whether the viewer mutes `account` (a mute that had expired when the relations were read is none).
    public static func isMuted(_ account: Account.ID, viewer: Viewer) -> Bool {
        viewer.relations.muting[account] != nil
    }

    /// Why an account with these relations may not follow, share its journal with, or write to `other`, if a block
    /// stands between them (whoever made it); `nil` if none does.
    public static func blockProblem(with other: Account.ID, relations: ViewerRelations) -> String? {
        if relations.blocking.contains(other) { return "You block this person: unblock them first." }
        if relations.blockedBy.contains(other) { return "This person does not accept that from you." }
        if relations.domainBlocked.contains(other) { return "You block this person's server: unblock it first." }
        return nil
    }
}

/// What a viewer may do with one entry; the cases exclude one another.
public enum EntryAccess: Hashable, Sendable {
    /// Nothing: the entry answers as if it did not exist.
    case hidden
    /// Read it and mark it.
    case reader
    /// Everything a reader may, and edit, delete, restore it and see its revisions.
    case author
}
