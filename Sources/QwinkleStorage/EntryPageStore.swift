import QwinkleKit

/// Everything a list of entries is shown with besides the entries themselves, read together.
public struct EntryPageFacts: Hashable, Sendable {
    /// The entries replied to that are not in the list itself, outside the trash.
    public var parents: [Entry.ID: Entry]
    /// The authors of the entries and of their parents, and the other accounts asked for.
    public var accounts: [Account.ID: Account]
    /// The entries the viewer marked; none without a viewer.
    public var marked: Set<Entry.ID>
    /// The audiences of each entry's direct replies outside the trash, for the read policy to count.
    public var replyAudiences: [Entry.ID: [EntryAudience]]
    /// The object IDs of the entries that came from other servers (by remote authors); none for this server's own.
    public var objectIDs: [Entry.ID: String]
    /// The entries the viewer shared; none without a viewer.
    public var shared: Set<Entry.ID>
    /// The entries the viewer bookmarked; none without a viewer.
    public var bookmarked: Set<Entry.ID>
    /// How many marks and shares each entry has; an entry with neither is left out.
    public var counts: [Entry.ID: EntryCounts]
    /// The entries pinned to their authors' profiles, which everyone may know.
    public var pinned: Set<Entry.ID>
    /// The sizes of the entries' photos that have one kept.
    public var photoSizes: [Photo.ID: PhotoSize]

    /// Describes what a list is shown with.
    public init(
        parents: [Entry.ID: Entry] = [:], accounts: [Account.ID: Account] = [:], marked: Set<Entry.ID> = [],
        replyAudiences: [Entry.ID: [EntryAudience]] = [:], objectIDs: [Entry.ID: String] = [:], shared: Set<Entry.ID> = [],
        bookmarked: Set<Entry.ID> = [], counts: [Entry.ID: EntryCounts] = [:], pinned: Set<Entry.ID> = [],
        photoSizes: [Photo.ID: PhotoSize] = [:]
    ) {
        self.parents = parents
        self.accounts = accounts
        self.marked = marked
        self.replyAudiences = replyAudiences
        self.objectIDs = objectIDs
        self.shared = shared
        self.bookmarked = bookmarked
        self.counts = counts
        self.pinned = pinned
        self.photoSizes = photoSizes
    }
}

/// The facts of a page of entries in one read.
///
/// Each page (a timeline, an entry, a thread, a notification list) needs its entries' authors, parents, the viewer's
/// marks, shares and bookmarks, the reply, mark and share counts and the addresses of entries from elsewhere. Read one by one they were five reads, each
/// taking a connection of its own from the backend's pool; read together they take one.
public protocol EntryPageStore: Sendable {
    /// What `entries` are shown with, for `viewer` (whose marks are read), with the accounts of `alsoAccounts` too
    /// (those who shared an entry into the list).
    func pageFacts(of entries: [Entry], alsoAccounts: Set<Account.ID>, viewer: Account.ID?) async throws -> EntryPageFacts
}

extension EntryPageFacts {
    /// The IDs of the parents of `entries` that are not among them, which a page has to read.
    public static func missingParents(of entries: [Entry]) -> [Entry.ID] {
        let listed = Set(entries.map(\.id))
        return Array(Set(entries.compactMap(\.reply?.parent)).subtracting(listed))
    }

    /// Every account a page shows: the entries' authors, their parents' and `others`.
    public static func accounts(of entries: [Entry], parents: some Sequence<Entry>, others: Set<Account.ID>) -> Set<Account.ID> {
        others.union(entries.map(\.author)).union(parents.map(\.author))
    }

    /// The entries of `entries` whose author is of another server, as `accounts` say: only they have an object ID.
    public static func fromElsewhere(_ entries: [Entry], accounts: [Account.ID: Account]) -> [Entry.ID] {
        entries.filter { accounts[$0.author]?.isLocal == false }.map(\.id)
    }
}
