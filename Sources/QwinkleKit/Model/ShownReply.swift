import Foundation

/// What a reader is shown of the entry a reply answers.
///
/// A reader who may not read the parent, and a reader of a reply whose parent is gone, are shown the same
/// `unavailable`: telling the two apart would tell a stranger that a hidden entry exists.
public enum ShownReply: Hashable, Sendable, Codable {
    /// The parent, which the reader may read, and its author.
    case to(parent: Entry.ID, author: Account)
    /// A reply to something the reader cannot see: it is hidden from them, or it was deleted.
    case unavailable

    /// The parent's ID, when the reader may know it.
    public var parent: Entry.ID? {
        if case .to(let id, _) = self { return id }
        return nil
    }

    /// The line every client shows above a reply: "↳ replying to @abe", or "↳ a reply" when the parent is hidden from
    /// the reader or gone (no author then: that would tell of a hidden entry).
    public var label: String {
        switch self {
        case .to(_, let author): "↳ replying to @\(author.username)"
        case .unavailable: "↳ a reply"
        }
    }

    /// The parent's author, when the reader may know them.
    public var parentAuthor: Account? {
        if case .to(_, let author) = self { return author }
        return nil
    }
}
