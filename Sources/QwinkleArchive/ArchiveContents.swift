import Foundation
import QwinkleKit

/// What an import takes from an archive, whatever its format (a Qwinkle archive, a jrnl export, a Day One export):
/// the entries with where each came from, and the usernames to follow and to share the journal with.
///
/// Photos are named by their path in the archive and read only when the import stores them, so a large archive is
/// never held in memory.
public struct ArchiveContents: Sendable, Hashable {
    /// Where the archive came from (a Qwinkle server's address, `jrnl`, `dayone`); with each entry's `sourceID` it
    /// names an imported entry, so importing the same archive again creates nothing new.
    public var origin: String
    /// The entries, oldest first.
    public var entries: [ArchivedEntry]
    /// The usernames the account followed.
    public var following: [String]
    /// The usernames the account shared its journal with.
    public var journalReaders: [String]
    /// What the reader left behind and why (a Day One photo the archive lacks, one past an entry's fourth), for the
    /// import's report: a person should learn what did not come along, not find it missing later.
    public var warnings: [String]

    /// Contents read from an archive.
    public init(
        origin: String, entries: [ArchivedEntry], following: [String] = [], journalReaders: [String] = [],
        warnings: [String] = []
    ) {
        self.origin = origin
        self.entries = entries
        self.following = following
        self.journalReaders = journalReaders
        self.warnings = warnings
    }
}

/// An entry as an archive holds it, before it is imported.
public struct ArchivedEntry: Sendable, Hashable {
    /// Its ID where it came from: an entry ID for a Qwinkle archive, a Day One UUID, a jrnl entry's date and text.
    public var sourceID: String
    /// What it says: every field but the photos, which are files of the archive until the import stores them.
    public var content: EntryContent
    /// When it was written.
    public var createdAt: Date
    /// When it was last edited, if ever.
    public var editedAt: Date?
    /// Its photos in order, by path in the archive.
    public var photos: [ArchivedPhoto]
    /// Every revision, oldest first, the last being the entry as it is now; empty when the source keeps no
    /// history, and the import then makes the entry as it is now its only revision.
    public var revisions: [ArchivedRevision]
    /// Whether its writer singled it out (a jrnl or Day One star): the import marks it for its new owner.
    public var marked: Bool
    /// What it replies to, as the archive names it.
    public var inReplyTo: ArchiveReplyTarget?

    /// An entry read from an archive; the content's own photos are left out.
    public init(
        sourceID: String, content: EntryContent, createdAt: Date, editedAt: Date? = nil, photos: [ArchivedPhoto] = [],
        revisions: [ArchivedRevision] = [], marked: Bool = false, inReplyTo: ArchiveReplyTarget? = nil
    ) {
        self.inReplyTo = inReplyTo
        self.sourceID = sourceID
        self.content = content
        self.content.photos = []
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.photos = photos
        self.revisions = revisions
        self.marked = marked
    }
}

/// One revision of an archived entry, as it was when it was made.
public struct ArchivedRevision: Sendable, Hashable {
    /// What it said: every field but the photos.
    public var content: EntryContent
    /// When it was made: the entry's creation for the first revision, an edit for each later one.
    public var createdAt: Date
    /// Its photos in order, by path in the archive.
    public var photos: [ArchivedPhoto]

    /// A revision read from an archive; the content's own photos are left out.
    public init(content: EntryContent, createdAt: Date, photos: [ArchivedPhoto] = []) {
        self.content = content
        self.content.photos = []
        self.createdAt = createdAt
        self.photos = photos
    }
}

/// A photo an archived entry names: the file's path inside the archive and its description.
public struct ArchivedPhoto: Sendable, Hashable {
    /// The file's path inside the archive, checked to stay inside it.
    public var path: String
    /// What the photo shows, for people who cannot see it.
    public var alt: String

    /// A photo named by its path in the archive.
    public init(path: String, alt: String = "") {
        self.path = path
        self.alt = alt
    }
}
