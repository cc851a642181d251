import Foundation

extension Entry {
    /// What a copy's body ends with.
    public static let copySuffix = " (copy)"

    /// A new entry copied from this one: the same content but for the body ending " (copy)", a new identifier and
    /// creation time, at revision 1 and never edited.
    public func duplicate(id: ID, createdAt: Date) -> Entry {
        var copy = content
        copy.body += Self.copySuffix
        return Entry(id: id, author: author, content: copy, createdAt: createdAt)
    }
}
