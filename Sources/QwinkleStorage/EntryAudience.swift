import QwinkleKit

/// Who wrote an entry and for whom: all the read policy needs to know of it.
public struct EntryAudience: Hashable, Sendable {
    /// The author.
    public var author: Account.ID
    /// The entry's visibility.
    public var visibility: Visibility

    /// Describes an entry's audience.
    public init(author: Account.ID, visibility: Visibility) {
        self.author = author
        self.visibility = visibility
    }
}
