import Foundation

/// An entry as a viewer is shown it: the entry, its author, whether the viewer marked it, and what the viewer may
/// know of its thread. The server's services answer with it and clients keep it.
public struct TimelineEntry: Hashable, Sendable, Codable, Identifiable {
    /// The entry.
    public var entry: Entry
    /// Its author's profile.
    public var author: Account
    /// Whether the signed-in account marked it.
    public var marked: Bool
    /// What the viewer is shown of the entry it replies to; `nil` if it is not a reply.
    public var reply: ShownReply?
    /// How many replies to it the viewer may read.
    public var replyCount: Int
    /// Who passed it on into this timeline, when it is there as a share; `nil` when it is there as itself.
    public var sharedBy: EntryShare?
    /// Where it was written, for an entry of a person of another server: its address there; `nil` for this server's.
    public var originalURL: String?
    /// Whether the signed-in account shared it with its followers.
    public var shared: Bool
    /// Whether the signed-in account bookmarked it (which nobody else knows).
    public var bookmarked: Bool
    /// How many accounts marked it, and how many shared it, as everyone who may read it is told.
    public var counts: EntryCounts
    /// Whether its author pinned it to their profile.
    public var pinned: Bool
    /// The sizes of its photos, as far as they are known, for laying them out before their bytes come.
    public var photoSizes: [Photo.ID: PhotoSize]

    /// The entry's ID.
    public var id: Entry.ID { entry.id }

    /// Where it sits in a timeline of entries and shares: the share's ID for a share, else the entry's.
    public var cursor: Int64? { sharedBy?.id ?? entry.id.integerValue }

    /// Pairs an entry with its author. What the entry answers is shown only as `reply`, which the read policy
    /// decided: the stored `entry.reply` (its parent, thread and journal) is left out, so no value a viewer is shown
    /// can carry an ID the viewer may not know.
    public init(
        entry: Entry, author: Account, marked: Bool, reply: ShownReply? = nil, replyCount: Int = 0, sharedBy: EntryShare? = nil,
        originalURL: String? = nil, shared: Bool = false, bookmarked: Bool = false,
        counts: EntryCounts = EntryCounts(), pinned: Bool = false, photoSizes: [Photo.ID: PhotoSize] = [:]
    ) {
        var entry = entry
        entry.reply = nil
        self.entry = entry
        self.author = author
        self.marked = marked
        self.reply = reply
        self.replyCount = replyCount
        self.sharedBy = sharedBy
        self.originalURL = originalURL
        self.shared = shared
        self.bookmarked = bookmarked
        self.counts = counts
        self.pinned = pinned
        self.photoSizes = photoSizes
    }

    enum CodingKeys: String, CodingKey {
        case entry, author, marked, reply, replyCount, sharedBy, originalURL, shared, bookmarked, counts, pinned, photoSizes
    }

    /// Decodes one, as a client's cache keeps it; a cache written before replies or shares existed reads as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entry = try container.decode(Entry.self, forKey: .entry)
        author = try container.decode(Account.self, forKey: .author)
        marked = try container.decode(Bool.self, forKey: .marked)
        reply = try container.decodeIfPresent(ShownReply.self, forKey: .reply)
        replyCount = try container.decodeIfPresent(Int.self, forKey: .replyCount) ?? 0
        sharedBy = try container.decodeIfPresent(EntryShare.self, forKey: .sharedBy)
        originalURL = try container.decodeIfPresent(String.self, forKey: .originalURL)
        shared = try container.decodeIfPresent(Bool.self, forKey: .shared) ?? false
        bookmarked = try container.decodeIfPresent(Bool.self, forKey: .bookmarked) ?? false
        counts = try container.decodeIfPresent(EntryCounts.self, forKey: .counts) ?? EntryCounts()
        pinned = try container.decodeIfPresent(Bool.self, forKey: .pinned) ?? false
        photoSizes = try container.decodeIfPresent([Photo.ID: PhotoSize].self, forKey: .photoSizes) ?? [:]
    }
}

/// How many accounts marked an entry and how many shared it.
public struct EntryCounts: Hashable, Sendable, Codable {
    /// The marks (Mastodon's favourites).
    public var marks: Int
    /// The shares (Mastodon's boosts).
    public var shares: Int

    /// Describes the counts.
    public init(marks: Int = 0, shares: Int = 0) {
        self.marks = marks
        self.shares = shares
    }
}
