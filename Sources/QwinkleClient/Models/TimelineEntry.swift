import QwinkleKit

/// An entry as a timeline shows it: the entry, its author, and whether you marked it.
public struct TimelineEntry: Hashable, Sendable, Codable, Identifiable {
    /// The entry.
    public var entry: Entry
    /// Its author's profile.
    public var author: Account
    /// Whether the signed-in account marked it.
    public var marked: Bool

    /// The entry's ID.
    public var id: Entry.ID { entry.id }

    /// Pairs an entry with its author.
    public init(entry: Entry, author: Account, marked: Bool) {
        self.entry = entry
        self.author = author
        self.marked = marked
    }
}

/// A page of a newest-first list, and where the next page starts.
public struct Page<Item: Sendable>: Sendable {
    /// The items, newest first.
    public var items: [Item]
    /// The cursor to pass as `before` for the next page, or `nil` when this is the last page.
    public var nextCursor: String?

    /// Describes a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Codable where Item: Codable {}
