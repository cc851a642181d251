import Foundation

/// An entry as a viewer is shown it: the entry, its author, and whether the viewer marked it. The server's
/// services answer with it and clients keep it.
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
