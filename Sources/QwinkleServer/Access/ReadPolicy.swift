import QwinkleKit
import QwinkleStorage

/// The one place that decides who may read what. Every read path asks it: entry fetch, every timeline,
/// profile entries, marks, photos and messages. Whatever it refuses answers exactly like something that does
/// not exist.
public enum ReadPolicy {
    /// Whether the viewer may read an entry with this audience: the author always; `public` everyone;
    /// `followers` the author's followers; `journal` the author's journal readers; `private` nobody else.
    public static func canRead(_ entry: EntryAudience, viewer: Viewer) -> Bool {
        if entry.author == viewer.account { return true }
        switch entry.visibility {
        case .public: return true
        case .followers: return viewer.relations.following.contains(entry.author)
        case .journal: return viewer.relations.journalOwners.contains(entry.author)
        case .private: return false
        }
    }

    /// Whether the viewer may read an entry.
    public static func canRead(_ entry: Entry, viewer: Viewer) -> Bool {
        canRead(EntryAudience(author: entry.author, visibility: entry.visibility), viewer: viewer)
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
}
