import QwinkleKit

/// An entry as a viewer is shown it: with its author, and whether the viewer marked it.
public struct ShownEntry: Hashable, Sendable {
    /// The entry.
    public var entry: Entry
    /// Its author.
    public var author: Account
    /// Whether the viewer marked it.
    public var marked: Bool

    /// Describes an entry as shown.
    public init(entry: Entry, author: Account, marked: Bool) {
        self.entry = entry
        self.author = author
        self.marked = marked
    }
}
