import QwinkleKit

extension EntryScope {
    /// Whether an entry belongs to this list: the definition every backend's query follows, decided here in memory
    /// so that a live stream shows what the same timeline would. `relations` are those of the scope's viewer.
    ///
    /// An entry in the trash belongs to no list; that is the storage's to leave out, as this sees only an audience.
    /// `nil` for `.marked`, `.bookmarked` and `.pinned`: whether someone marked, bookmarked or pinned an entry is not known from the entry and the relations (and no
    /// stream follows marks); `nil` for `.tag` and `.thread` from an audience alone, which has neither text nor thread. Like the storage, this only narrows: the read policy still judges each entry.
    public func contains(_ entry: EntryAudience, relations: ViewerRelations) -> Bool? {
        switch self {
        case .home(let viewer):
            entry.author == viewer
                || (relations.following.contains(entry.author)
                    && (entry.visibility == .public || entry.visibility == .unlisted || entry.visibility == .followers
                        || (entry.visibility == .journal && relations.journalOwners.contains(entry.author))))
        case .everyonePublic:
            entry.visibility == .public
        case .journal(let viewer):
            (entry.author == viewer && (entry.visibility == .journal || entry.visibility == .private))
                || (entry.visibility == .journal && relations.journalOwners.contains(entry.author))
        case .author(let author, let viewer):
            entry.author == author && (viewer == author || entry.visibility != .private)
        case .marked, .bookmarked, .pinned, .tag, .thread:
            nil
        }
    }

    /// Whether an entry belongs to this list; see `contains(_:relations:)` for an audience.
    public func contains(_ entry: Entry, relations: ViewerRelations) -> Bool? {
        switch self {
        case .tag(let tag): return EntryText.tags(of: entry.body).contains(tag)
        case .thread(let root): return entry.id == root || entry.reply?.root == root
        default: return contains(EntryAudience(entry), relations: relations)
        }
    }
}
