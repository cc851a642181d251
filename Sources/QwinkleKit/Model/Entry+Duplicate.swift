import Foundation

extension Entry {
    /// What a copy's body ends with.
    public static let copySuffix = " (copy)"

    /// A new entry copied from this one: the same kind, photos and visibility, the body ending " (copy)",
    /// a new identifier and creation time, at revision 1 and never edited.
    public func duplicate(id: ID, createdAt: Date) -> Entry {
        Entry(
            id: id, author: author, kind: kind, body: body + Self.copySuffix, photos: photos,
            visibility: visibility, createdAt: createdAt
        )
    }
}
