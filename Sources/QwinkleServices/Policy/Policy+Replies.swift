import QwinkleKit
import QwinkleStorage

extension Policy {
    /// Whether a reply with this visibility may answer `parent`, or why not.
    ///
    /// A reply in a journal's thread stays in the journal: `journal` (the thread's journal's readers) or `private`.
    /// Anywhere else a reply may not reach more people than its parent (`public` is wider than `unlisted`, which is
    /// wider than `followers`, then `journal` and `private`) unless its author says so (`wider`): people reply for the parent's
    /// readers, and a reply made public by default would carry a private conversation further than anyone chose.
    public static func replyProblem(visibility: Visibility, parent: Entry, wider: Bool) -> String? {
        if let journal = parent.journalOwner { return journalProblem(visibility: visibility, journal: journal) }
        guard breadth(visibility) > breadth(parent.visibility), !wider else { return nil }
        return "This reply would reach more people than the entry it answers, which is \(parent.visibility.rawValue): "
            + "choose \(parent.visibility.rawValue), or say you mean \(visibility.rawValue)."
    }

    /// Why an entry in a journal's thread (`journal`, its owner) may not have this visibility, if it may not: it can
    /// be `journal` (that journal's readers) or `private`, by posting or by editing alike.
    public static func journalProblem(visibility: Visibility, journal: Account.ID?) -> String? {
        guard journal != nil, visibility != .journal, visibility != .private else { return nil }
        return "A reply in a journal stays in it: it can be journal (the journal's readers) or private."
    }

    /// Whether the viewer may learn what a reply answers: only if they may read the parent, which is `nil` when it
    /// is gone. Anyone else is told only that it is a reply.
    public static func shownReply(to parent: Entry?, author: Account?, viewer: Viewer) -> ShownReply {
        guard let parent, let author, canRead(parent, viewer: viewer) else { return .unavailable }
        return .to(parent: parent.id, author: author)
    }

    /// How many readers a visibility reaches, to compare: more is wider.
    private static func breadth(_ visibility: Visibility) -> Int {
        switch visibility {
        case .public: 4
        case .unlisted: 3
        case .followers: 2
        case .journal: 1
        case .private: 0
        }
    }
}
